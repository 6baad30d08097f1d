// The stand-in's HTML pages. Self-contained and script-free: one <style> element (carrying the CSP nonce when the
// app provides one), no inline style attributes, no images, so they render under the app's strict CSP.

import type { DemoUser } from '#db/seed/demo-guild.ts'
import type { DiscordStandInState } from './state.ts'
import { countOf } from '#contracts/plural.ts'

function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#1e1f22;color:#dbdee1;font:15px/1.4 "gg sans","Noto Sans","Helvetica Neue",Helvetica,Arial,sans-serif}
main{max-width:480px;margin:48px auto;padding:0 16px}
main.wide{max-width:1000px}
.card{background:#313338;border-radius:8px;padding:24px;box-shadow:0 8px 24px rgba(0,0,0,.35)}
h1{font-size:20px;color:#f2f3f5;margin:0 0 4px}
h2{font-size:12px;text-transform:uppercase;letter-spacing:.02em;color:#b5bac1;margin:24px 0 8px}
p{margin:4px 0}
.muted{color:#949ba4;font-size:13px}
.app{display:flex;align-items:center;gap:12px;margin-bottom:16px}
.logo{width:48px;height:48px;border-radius:50%;background:#5865f2;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700;font-size:20px;flex:none}
ul.scopes{list-style:none;padding:0;margin:0}
ul.scopes li{padding:6px 0 6px 28px;position:relative;border-bottom:1px solid #3f4147}
ul.scopes li::before{content:"\\2713";position:absolute;left:4px;color:#23a55a;font-weight:700}
form{margin:0}
.users{display:flex;flex-direction:column;gap:8px}
button{font:inherit;cursor:pointer}
button.user{display:flex;width:100%;align-items:center;gap:12px;text-align:left;background:#2b2d31;color:inherit;border:1px solid #3f4147;border-radius:6px;padding:10px 12px}
button.user:hover,button.user:focus{background:#393c41;border-color:#5865f2;outline:none}
.avatar{width:40px;height:40px;border-radius:50%;display:flex;align-items:center;justify-content:center;font-weight:700;color:#fff;flex:none}
.c0{background:#5865f2}.c1{background:#757e8a}.c2{background:#3ba55c}.c3{background:#faa61a}.c4{background:#ed4245}.c5{background:#eb459e}
.who{display:block;min-width:0}
.name{display:block;color:#f2f3f5;font-weight:600}
.username{color:#949ba4;font-weight:400;font-size:13px}
.desc{display:block;color:#b5bac1;font-size:13px}
.actions{display:flex;justify-content:flex-end;margin-top:20px}
button.cancel{background:none;border:none;color:#dbdee1;padding:8px 16px}
button.cancel:hover{text-decoration:underline}
.error{border-left:4px solid #ed4245;padding:8px 12px;background:#2b2d31;border-radius:4px;margin-top:12px}
a{color:#00a8fc}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #3f4147;vertical-align:top}
th{color:#b5bac1;font-weight:600}
td.time{white-space:nowrap;color:#949ba4}
td.content{white-space:pre-wrap;word-break:break-word}
.tag{display:inline-block;background:#2b2d31;border-radius:4px;padding:0 6px;margin:1px 2px;font-size:12px}
.add{color:#23a55a}.remove{color:#ed4245}
`

function page(title: string, body: string, options: { nonce?: string; refreshSeconds?: number } = {}): string {
  const nonce = options.nonce ? ` nonce="${escapeHtml(options.nonce)}"` : ''
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}<title>${escapeHtml(title)}</title>
<style${nonce}>${STYLES}</style>
</head>
<body>
${body}
</body>
</html>`
}

/** Discord's default-avatar colour index for a user id: (id >> 22) % 6. */
function avatarClass(userId: string): string {
  try {
    return `c${Number((BigInt(userId) >> 22n) % 6n)}`
  } catch {
    return 'c0'
  }
}

function initial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?'
}

const SCOPE_TEXT: Record<string, string> = {
  identify: 'Access your username, avatar, and banner',
  email: 'Access your email address',
  guilds: 'Know what servers you\u2019re in',
  'guilds.members.read': 'Read your member info (nickname, avatar, roles) for servers you belong to',
}

export interface AuthorizeParams {
  client_id: string
  redirect_uri: string
  response_type: string
  scope: string
  state: string
  code_challenge: string
  code_challenge_method: string
}

function hiddenFields(params: AuthorizeParams): string {
  return Object.entries(params)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
}

export function authorizePage(input: {
  action: string
  params: AuthorizeParams
  users: DemoUser[]
  appName: string
  guildName: string
  nonce?: string
}): string {
  const { action, params, appName } = input
  const scopes = params.scope.split(/[\s+]+/).filter(Boolean)
  const hidden = hiddenFields(params)
  const userForms = input.users
    .map(
      (user) => `<form method="post" action="${escapeHtml(action)}">${hidden}
<input type="hidden" name="user_id" value="${escapeHtml(user.id)}">
<button class="user" type="submit" name="decision" value="authorize">
<span class="avatar ${avatarClass(user.id)}" aria-hidden="true">${escapeHtml(initial(user.global_name || user.username))}</span>
<span class="who"><span class="name">${escapeHtml(user.global_name || user.username)} <span class="username">@${escapeHtml(user.username)}</span></span>
<span class="desc">${escapeHtml(user.description)}</span></span>
</button>
</form>`,
    )
    .join('\n')
  const body = `<main>
<div class="card">
<div class="app"><div class="logo" aria-hidden="true">${escapeHtml(initial(appName))}</div>
<div><p class="muted">An external application</p><h1>${escapeHtml(appName)}</h1><p class="muted">wants to access your Discord account</p></div></div>
<h2>This will allow the developer of ${escapeHtml(appName)} to:</h2>
<ul class="scopes">${scopes.map((s) => `<li>${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`).join('')}</ul>
<h2>Log in as (Discord stand-in, guild ${escapeHtml(input.guildName)})</h2>
<div class="users">
${userForms || '<p class="muted">No demo users.</p>'}
</div>
<form method="post" action="${escapeHtml(action)}" class="actions">${hidden}
<button class="cancel" type="submit" name="decision" value="cancel">Cancel</button>
</form>
<p class="muted">This is a local stand-in for Discord. No real Discord account is used.</p>
</div>
</main>`
  return page(`Discord | Authorize access to your account`, body, { nonce: input.nonce })
}

export function errorPage(input: { title: string; message: string; nonce?: string }): string {
  const body = `<main><div class="card">
<h1>${escapeHtml(input.title)}</h1>
<div class="error" role="alert">${escapeHtml(input.message)}</div>
<p class="muted">Discord stand-in</p>
</div></main>`
  return page(`Discord | ${input.title}`, body, { nonce: input.nonce })
}

function time(iso: string): string {
  return iso.replace('T', ' ').slice(0, 19)
}

export function homePage(input: {
  state: DiscordStandInState
  authorizeHref: string
  appLoginUrl?: string
  nonce?: string
}): string {
  const { state } = input
  const roleName = (id: string) => state.roles.get(id)?.name ?? id
  const messages = [...state.messages].reverse()
  const created = [...state.createdChannels].reverse()
  const deleted = [...state.deletedChannels].reverse()
  const roleChanges = [...state.roleChanges].reverse()

  const messageRows = messages
    .map(
      (m) =>
        `<tr><td class="time">${escapeHtml(time(m.timestamp))}</td><td>${m.channelName.startsWith('@') ? '' : '#'}${escapeHtml(m.channelName)}</td><td class="content">${escapeHtml(m.content)}${
          m.embeds.length ? ` <span class="tag">${countOf(m.embeds.length, 'embed')}</span>` : ''
        }</td></tr>`,
    )
    .join('')
  const channelRows = [
    ...created.map((c) => ({ ...c, what: 'created' })),
    ...deleted.map((c) => ({ ...c, what: 'deleted' })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .map(
      (c) =>
        `<tr><td class="time">${escapeHtml(time(c.at))}</td><td class="${c.what === 'created' ? 'add' : 'remove'}">${c.what}</td><td>${
          c.channel.type === 4 ? '' : '#'
        }${escapeHtml(c.channel.name)}</td><td class="muted">${escapeHtml(c.channel.id)}</td></tr>`,
    )
    .join('')
  const roleRows = roleChanges
    .map((r) => {
      const user = state.users.get(r.userId)?.user
      return `<tr><td class="time">${escapeHtml(time(r.at))}</td><td class="${r.action}">${r.action === 'add' ? 'added' : 'removed'}</td><td>${escapeHtml(
        r.roleName,
      )}</td><td>${escapeHtml(user ? user.global_name || user.username : r.userId)}</td><td class="muted">${escapeHtml(r.reason ?? '')}</td></tr>`
    })
    .join('')
  const eventRows = [
    ...[...state.scheduledEvents.values()].map((event) => ({ event, what: 'scheduled' })),
    ...[...state.deletedScheduledEvents].reverse().map((d) => ({ event: d.event, what: 'deleted' })),
  ]
    .map(
      ({ event, what }) =>
        `<tr><td class="time">${escapeHtml(time(event.scheduled_start_time))}</td><td class="${what === 'scheduled' ? 'add' : 'remove'}">${what}</td><td>${escapeHtml(
          event.name,
        )}</td><td class="muted">${escapeHtml(event.entity_metadata?.location ?? '')}</td><td class="content muted">${escapeHtml(
          event.description ?? '',
        )}</td></tr>`,
    )
    .join('')
  const memberRows = [...state.users.values()]
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.user.global_name || m.user.username)} <span class="muted">@${escapeHtml(m.user.username)}</span></td><td>${
          m.inGuild
            ? m.user.roles.map((id) => `<span class="tag">${escapeHtml(roleName(id))}</span>`).join('')
            : '<span class="muted">not in the guild</span>'
        }</td></tr>`,
    )
    .join('')

  const empty = (cols: number, text: string) => `<tr><td colspan="${cols}" class="muted">${escapeHtml(text)}</td></tr>`
  const body = `<main class="wide">
<div class="card">
<h1>Discord stand-in</h1>
<p class="muted">Guild ${escapeHtml(state.config.guildName)} (${escapeHtml(state.config.guildId)}). This page refreshes every 5 seconds.</p>
<p>${input.appLoginUrl ? `<a href="${escapeHtml(input.appLoginUrl)}">Log in to the app</a> · ` : ''}<a href="${escapeHtml(input.authorizeHref)}">Open the authorize page</a></p>
<h2>Messages sent by the bot (newest first)</h2>
<table><thead><tr><th>Time (UTC)</th><th>Channel</th><th>Content</th></tr></thead><tbody>${messageRows || empty(3, 'No messages yet.')}</tbody></table>
<h2>Channels created and deleted</h2>
<table><thead><tr><th>Time (UTC)</th><th></th><th>Channel</th><th>ID</th></tr></thead><tbody>${channelRows || empty(4, 'No channel changes yet.')}</tbody></table>
<h2>Role changes</h2>
<table><thead><tr><th>Time (UTC)</th><th></th><th>Role</th><th>Member</th><th>Reason</th></tr></thead><tbody>${roleRows || empty(5, 'No role changes yet.')}</tbody></table>
<h2>Scheduled events</h2>
<table><thead><tr><th>Starts (UTC)</th><th></th><th>Name</th><th>Location</th><th>Description</th></tr></thead><tbody>${eventRows || empty(5, 'No scheduled events.')}</tbody></table>
<h2>Members and roles</h2>
<table><thead><tr><th>Member</th><th>Roles</th></tr></thead><tbody>${memberRows || empty(2, 'No members.')}</tbody></table>
</div>
</main>`
  return page('Discord stand-in', body, { nonce: input.nonce, refreshSeconds: 5 })
}
