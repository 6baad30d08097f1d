import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { Link, Outlet } from 'react-router'
import type { Route } from './+types/route'
import { DangerSection } from './danger-section.tsx'
import type { DiscordPageData } from './data.ts'
import { PingHistory } from './ping-history.tsx'
import { RankSection } from './rank-section.tsx'
import { SettingsSection } from './settings-section.tsx'
import { removeChannelKey, SquadSection } from './squad-section.tsx'
import { ScheduledEventsSection } from './scheduled-events-section.tsx'
import { saveDiscordEventSettings, saveDiscordSettings } from '#server/settings/admin-settings.ts'
import { loadDiscordEventSettings } from '#server/discord/scheduled-events.ts'
import {
  DISCORD_EVENT_SETTINGS_INTENT,
  DISCORD_EVENT_SETTINGS_SAVED,
  discordEventSettingsSchema,
} from '#contracts/discord-events.ts'
import {
  cancelPingSchema,
  DISCORD_INTENTS,
  DISCORD_MESSAGES,
  discordSettingsSchema,
  PING_HISTORY_SIZES,
  rankRolesFormSchema,
  rankRolesFromForm,
  squadMappingCreateSchema,
  squadMappingUpdateSchema,
} from '#contracts/discord.ts'
import { strictNumber } from '#contracts/fields.ts'
import { deleteRecord, runUseCase, saveRecord, submitForm } from '#app/forms/actions.ts'
import {
  askToConfirm,
  failWithToast,
  postedId,
  readAdminPost,
  unknownIntent,
  type AdminPost,
} from '#app/forms/respond.ts'
import { LoadError, Notice } from '#app/ui/field.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import {
  cancelPing,
  createSquadMapping,
  deleteSquadMapping,
  listPings,
  listRankMappings,
  listSquadMappings,
  listUnmappedSquads,
  loadDiscordSettings,
  purgeEventPingRole,
  purgeSquadIntegrations,
  saveRankMappings,
  updateSquadMapping,
} from '#server/discord/admin.ts'
import { loadPickers, loadVoiceChannels } from '#server/discord/guild.ts'
import { withLoadError } from '#server/load-error.ts'
import { secondaryButton } from '#app/ui/button.ts'
import { AdminPageHeader } from '#app/ui/admin-page-header.tsx'

// /admin/discord (docs/rules/discord.md): global settings, rank role mapping, squad role mapping, a Danger Zone and
// Ping History. Every form works without JavaScript (app/forms/respond.ts); the use cases are server/discord/admin.ts,
// shared with the /api routes. Child routes (the role sync screen) render under the page.

export async function loader({ request, context }: Route.LoaderArgs): Promise<DiscordPageData> {
  await requirePageUser(request, context, 'admin')
  const services = getServices(context)
  const asked = strictNumber(new URL(request.url).searchParams.get('pings'), true)
  const pingLimit =
    asked !== null && (PING_HISTORY_SIZES as readonly number[]).includes(asked) ? asked : PING_HISTORY_SIZES[0]
  const empty: DiscordPageData = {
    settings: {
      promotion_channel_id: '',
      event_ping_role_id: '',
      squad_channel_category_id: '',
      milsim_role_id: '',
      orbat_activity_channel_id: '',
      leave_channel_id: '',
      leave_role_id: '',
      recruitment_channel_id: '',
      activity_digest_channel_id: '',
      admin_channel_id: '',
    },
    eventSettings: {
      discord_events_default: false,
      discord_events_location: '',
      discord_events_drift: 'recreate',
      discord_events_channel_id: '',
    },
    voiceChannels: null,
    roles: null,
    channels: null,
    ranks: [],
    squads: [],
    unmappedSquads: [],
    pings: [],
    pingLimit,
  }
  return withLoadError(
    'discord admin',
    async () => {
      const [pickers, voiceChannels, settings, eventSettings, ranks, squads, unmappedSquads, pings] = await Promise.all(
        [
          loadPickers(services.discord),
          loadVoiceChannels(services.discord),
          loadDiscordSettings(services.db),
          loadDiscordEventSettings(services.db),
          listRankMappings(services.db),
          listSquadMappings(services.db),
          listUnmappedSquads(services.db),
          listPings(services, pingLimit),
        ],
      )
      const reachable = !pickers.error
      return {
        settings,
        eventSettings,
        voiceChannels,
        roles: reachable ? pickers.roles : null,
        channels: reachable ? pickers.channels : null,
        ...(pickers.error ? { discordError: pickers.error } : {}),
        ranks,
        squads,
        unmappedSquads,
        pings,
        pingLimit,
      }
    },
    empty,
    DISCORD_MESSAGES.loadFailed,
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  switch (post.intent) {
    case DISCORD_INTENTS.saveSettings:
      return saveRecord(post, discordSettingsSchema, {
        save: (value) => saveDiscordSettings(services, post.admin, value),
        done: (_id, changed) => (changed.length ? DISCORD_MESSAGES.settingsSaved : DISCORD_MESSAGES.noChanges),
        failed: DISCORD_MESSAGES.requestFailed,
      })
    case DISCORD_EVENT_SETTINGS_INTENT:
      return saveRecord(post, discordEventSettingsSchema, {
        save: (value) => saveDiscordEventSettings(services, post.admin, value),
        done: (_id, changed) => (changed.length ? DISCORD_EVENT_SETTINGS_SAVED : DISCORD_MESSAGES.noChanges),
        failed: DISCORD_MESSAGES.requestFailed,
      })
    case DISCORD_INTENTS.saveRankRoles:
      return saveRecord(post, rankRolesFormSchema, {
        save: (value) => saveRankMappings(services, post.admin, rankRolesFromForm(value)),
        done: () => DISCORD_MESSAGES.rankRolesSaved,
        failed: DISCORD_MESSAGES.requestFailed,
      })
    case DISCORD_INTENTS.addSquadMapping:
      return addMapping(post)
    case DISCORD_INTENTS.updateSquadMapping:
      return updateMapping(post)
    case DISCORD_INTENTS.deleteSquadMapping:
      return deleteRecord(post, (id) => deleteSquadMapping(services, post.admin, id), {
        success: DISCORD_MESSAGES.squadMappingDeleted,
        failure: DISCORD_MESSAGES.requestFailed,
      })
    case DISCORD_INTENTS.purgeSquads:
      if (!post.confirmed) return askToConfirm(post, DISCORD_INTENTS.purgeSquads)
      return runUseCase(post, () => purgeSquadIntegrations(services, post.admin), {
        success: DISCORD_MESSAGES.squadsPurged,
        failure: DISCORD_MESSAGES.requestFailed,
      })
    case DISCORD_INTENTS.purgeEventPing:
      if (!post.confirmed) return askToConfirm(post, DISCORD_INTENTS.purgeEventPing)
      return runUseCase(post, () => purgeEventPingRole(services, post.admin), {
        success: DISCORD_MESSAGES.eventPingPurged,
        failure: DISCORD_MESSAGES.requestFailed,
      })
    case DISCORD_INTENTS.cancelPing:
      return cancel(post)
    default:
      return unknownIntent(post)
  }
}

/** Add: a refusal (squad taken, no category) inline in the form; Discord refusing (502) as a toast. */
function addMapping(post: AdminPost) {
  const create = (value: z.output<typeof squadMappingCreateSchema>) =>
    createSquadMapping(getServices(post.context), post.admin, value)
  return submitForm(post, squadMappingCreateSchema, create, {
    success: DISCORD_MESSAGES.squadMappingAdded,
    failure: DISCORD_MESSAGES.requestFailed,
  })
}

/** Channel on or off; off deletes a channel, so without JavaScript it asks first. */
async function updateMapping(post: AdminPost) {
  const id = postedId(post)
  const submission = parseWithZod(post.form, { schema: squadMappingUpdateSchema })
  if (id === null || submission.status !== 'success')
    return failWithToast(post, new Error('Invalid request.'), DISCORD_MESSAGES.mappingNotFound)
  if (!submission.value.create_discord_channel && !post.confirmed) return askToConfirm(post, removeChannelKey(id))
  return runUseCase(post, () => updateSquadMapping(getServices(post.context), post.admin, id, submission.value), {
    success: DISCORD_MESSAGES.squadMappingUpdated,
    failure: DISCORD_MESSAGES.requestFailed,
  })
}

async function cancel(post: AdminPost) {
  const id = postedId(post)
  const parsed = cancelPingSchema.safeParse({ type: post.form.get('type') })
  if (id === null || !parsed.success)
    return failWithToast(post, new Error('Invalid request.'), DISCORD_MESSAGES.cancelFailed)
  if (!post.confirmed) return askToConfirm(post, `cancel-ping-${id}`)
  return runUseCase(post, () => cancelPing(getServices(post.context), post.admin, id, parsed.data.type), {
    success: DISCORD_MESSAGES.pingCancelled,
    failure: DISCORD_MESSAGES.cancelFailed,
  })
}

export default function DiscordAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Discord Integration"
        description={<p>Channels, role mappings and scheduled pings on the unit's Discord server.</p>}
        actions={
          // The reconcile: what Discord has against what the roster says, applied on confirmation.
          <Link to="/admin/discord/sync" className={secondaryButton}>
            Sync Roles Now
          </Link>
        }
      />
      <div className="mt-6 flex flex-col gap-6">
        <LoadError message={loaderData.loadError} />
        {loaderData.discordError ? (
          <Notice>
            {/\.$/.test(loaderData.discordError) ? loaderData.discordError : `${loaderData.discordError}.`}{' '}
            {DISCORD_MESSAGES.discordUnreachable}
          </Notice>
        ) : null}
        <Outlet />
        <SettingsSection data={loaderData} />
        <ScheduledEventsSection data={loaderData} />
        <RankSection data={loaderData} />
        <SquadSection data={loaderData} />
        <DangerSection data={loaderData} />
        <PingHistory data={loaderData} />
      </div>
    </main>
  )
}

export function meta() {
  return [{ title: 'Discord Integration · Task Force HQ' }]
}
