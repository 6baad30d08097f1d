import { sql, type SQL } from 'drizzle-orm'
import type { NotificationKind } from '#contracts/notifications.ts'
import type { DbOrTx } from '#db/client.ts'
import { textFor, type NoticeText } from './texts.ts'

// What a use case tells a person (docs/rules/notifications.md): one outbox row, written in the use case's own
// transaction (a change rolled back tells nobody), sent by the job runner after the commit
// (server/notifications/sender.ts). The event key names the event, so writing it again is a no-op; a person who would
// be sent nothing (no channel chosen, no device) gets no row (db/functions/notifications.sql notification_wanted).

export interface Notice {
  kind: NotificationKind
  /** Names the event: the same key reaches a person once. */
  event: string
  /** In every language (inEveryLanguage), or one text for everyone. */
  title: NoticeText
  body: NoticeText
  /** The page it is about, opened by a click. */
  url: string
  /** The Discord message word for word, when it is not the title, the body and the link. */
  discord?: NoticeText
}

/**
 * Who hears of it: a user; a roster member through their Discord account (one who never logged in, or is banned, is
 * not told); the admins (those who asked for admin_queue); or everyone on the waitlist who is no guest of an allied
 * unit.
 */
export type Audience = ({ userId: number } | { memberId: number } | { admins: true } | { waitlist: true }) & {
  /** The user who did it: nobody is told of what they did themselves. */
  except?: number
}

function recipients(to: Audience): SQL {
  if ('userId' in to) return sql`select ${to.userId}::int as id`
  if ('memberId' in to)
    return sql`select u.id from members m join users u on u.discord_id = m.discord_id
                where m.id = ${to.memberId} and not m.is_banned`
  if ('waitlist' in to)
    return sql`select w.user_id as id from waitlist_entries w
                where not exists (select 1 from allied_guests g where g.user_id = w.user_id)`
  return sql`select u.id from users u where u.is_admin`
}

export async function notify(tx: DbOrTx, to: Audience, notice: Notice): Promise<void> {
  await tx.execute(sql`
    insert into notification_outbox (user_id, kind, event_key, title, body, url, discord_content)
    select r.id, ${notice.kind}, ${notice.event}, ${textFor(notice.title, sql`r.id`)}, ${textFor(notice.body, sql`r.id`)},
           ${notice.url}, ${notice.discord === undefined ? null : textFor(notice.discord, sql`r.id`)}
      from (${recipients(to)}) as r
     where r.id is distinct from ${to.except ?? null}::int and notification_wanted(r.id, ${notice.kind})
    on conflict (user_id, event_key) do nothing`)
}
