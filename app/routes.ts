import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// The whole URL surface in one place, the /api contract included, so it can be reviewed in one file. Resource routes
// are .ts files without a default export.
export default [
  index('routes/home.tsx'),

  // The public order of battle: diagram, slot sign-up/leave, waitlist sheet, time-lock banner.
  route('orbat', 'routes/orbat/route.tsx'),

  // Public personnel pages: the roster with its member sheet (a full page at /roster/:id without JavaScript), the
  // training sign-ups and the document library.
  route('roster', 'routes/roster/route.tsx'),
  route('roster/:id', 'routes/roster/$id.tsx'),
  // A slot holder's profile from the ORBAT, which knows the holder's user, not their roster member.
  route('roster/by-user/:userId', 'routes/roster/by-user.$userId.tsx'),
  // An operation's frozen ORBAT (a logged-in member; admins freeze it again and see who held a slot but was absent).
  route('roster/events/:id/orbat', 'routes/roster/events.$id.orbat.tsx'),
  route('trainings', 'routes/trainings/route.tsx'),
  route('library', 'routes/library/route.tsx'),
  // Qualification tests: the cards (a member's standing when signed in), taking a test (works without JavaScript) and
  // an attempt's result.
  route('tests', 'routes/tests/route.tsx'),
  route('tests/:uuid/take', 'routes/tests/$uuid.take.tsx'),
  route('tests/result/:uuid', 'routes/tests/result.$uuid.tsx'),

  // The signed-in person's own page: leave of absence, calendar feed and API tokens.
  route('account', 'routes/account/route.tsx'),
  route('account/record', 'routes/account/record.tsx'),
  // Recruitment: what the unit is and its application form; an applicant's status.
  route('join', 'routes/join/route.tsx'),
  // Joint operations (docs/rules/joint-operations.md): an allied unit's invite link; a person who opens it logs in and
  // joins that unit as a guest (works without JavaScript).
  route('allies/join/:code', 'routes/allies/join.$code.tsx'),
  // Calendar feeds: the unit's, and each person's at a secret URL made on /account.
  route('calendar/unit.ics', 'routes/calendar/unit.ics.ts'),
  route('calendar/personal/:file', 'routes/calendar/personal.$file.ts'),

  // Login with Discord (docs/rules/discord.md)
  route('auth/discord', 'routes/auth/discord.ts'),
  route('auth/discord/callback', 'routes/auth/discord.callback.tsx'),
  route('auth/logout', 'routes/auth/logout.ts'),
  route('auth/user', 'routes/auth/user.ts'),

  // Admin area: the layout gates every child once.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/index.tsx'),
      // The ORBAT diagram editor; needs JavaScript.
      route('orbat', 'routes/admin/orbat/route.tsx'),
      // Import from and export to an Arma mission file; works without JavaScript.
      route('orbat/mission', 'routes/admin/orbat/mission.tsx'),
      // The ORBAT's versions with their diffs and Restore (works without JavaScript).
      route('orbat/history', 'routes/admin/orbat/history.tsx'),
      // Discord role sync (docs/rules/discord.md, the role sync): the dry run and Apply; a full page linked back to
      // /admin/discord.
      route('discord/sync', 'routes/admin/discord/sync.tsx'),
      // Admin Settings as pages (the same tabs the editor's side panel shows; forms work without JavaScript).
      ...prefix('settings', [
        layout('routes/admin/settings/layout.tsx', [
          index('routes/admin/settings/index.tsx'),
          route('general', 'routes/admin/settings/general.tsx'),
          route('roles', 'routes/admin/settings/roles.tsx'),
          route('presets', 'routes/admin/settings/presets.tsx'),
          route('platoons', 'routes/admin/settings/platoons.tsx'),
        ]),
      ]),
      // Qualification tests: the list; the editor and the attempts and evaluations dialogs are child routes over it.
      route('tests', 'routes/admin/tests/route.tsx', [
        // The test editor: Create Test and Edit Test, full-screen style over the list.
        route('new', 'routes/admin/tests/new.tsx'),
        route(':id/edit', 'routes/admin/tests/$id.edit.tsx'),
        // Manage Test (attempts, approvals, retakes, Approve Qual) and the Evaluations dialog.
        route(':id/attempts', 'routes/admin/tests/$id.attempts/route.tsx'),
        route(':id/evaluations', 'routes/admin/tests/$id.evaluations/route.tsx'),
      ]),
      // Live in-game evaluations: a session under way (its answer buttons work without JavaScript; with it every open
      // view updates live), and a finished evaluation.
      route('evaluations/view/:id', 'routes/admin/evaluations/view.$id.tsx'),
      route('evaluations/:sessionId', 'routes/admin/evaluations/$sessionId/route.tsx'),
      // Recruitment: the pipeline of applications and the application form (docs/rules/recruitment.md).
      route('recruitment', 'routes/admin/recruitment/route.tsx'),
      route('recruitment/form', 'routes/admin/recruitment/form.tsx'),
      // Manage Library: the document links.
      route('knowledge', 'routes/admin/knowledge/route.tsx'),
      // Activity (docs/rules/activity.md): turnout, squads, members, drifting away, the CSV.
      route('activity', 'routes/admin/activity/route.tsx'),
      // Roster admin: one route per tab under a tab-bar layout; /admin/roster opens Members.
      ...prefix('roster', [
        layout('routes/admin/roster/layout.tsx', [
          index('routes/admin/roster/index.tsx'),
          route('members', 'routes/admin/roster/members.tsx'),
          route('events', 'routes/admin/roster/events/route.tsx'),
          route('trainings', 'routes/admin/roster/trainings/route.tsx'),
          route('qualifications', 'routes/admin/roster/qualifications.tsx'),
          route('awards', 'routes/admin/roster/awards.tsx'),
          route('promotions', 'routes/admin/roster/promotions.tsx'),
          route('leave', 'routes/admin/roster/leave/route.tsx'),
          route('import', 'routes/admin/roster/import/route.tsx'),
        ]),
        // A member's full service record, with admin notes (its own page, outside the tabs).
        route('members/:id/record', 'routes/admin/roster/members.$id.record.tsx'),
      ]),
      // Discord admin: settings, role mappings, Danger Zone, Ping History (the sync screen is its own page above).
      route('discord', 'routes/admin/discord/route.tsx'),
      // Backups (docs/rules/backups.md): how they are made here, Back up now (works without JavaScript), the last
      // failure, the finished backups with their downloads.
      route('backups', 'routes/admin/backups/route.tsx'),
      // Webhooks (docs/rules/webhooks.md): the endpoints other tools listen on, their secrets (shown once), Send test and
      // each endpoint's last deliveries with Redeliver; every form works without JavaScript.
      route('webhooks', 'routes/admin/webhooks/route.tsx'),
      // Allied units (docs/rules/joint-operations.md): the other communities the unit plays with, each with its invite
      // link (Copy, Rotate), its release rule and its guests (Remove); every form works without JavaScript.
      route('allied-units', 'routes/admin/allied-units/route.tsx'),
    ]),
  ]),

  // JSON API
  ...prefix('api', [
    // The API's own description: the OpenAPI 3.1 document and its readable reference page (server-rendered).
    route('openapi.json', 'routes/api/openapi.json.ts'),
    route('docs', 'routes/api/docs.tsx'),
    route('admin/audit-log', 'routes/api/admin.audit-log.ts'),
    // Moving in and out (docs/rules/roster.md): imports, bulk actions, exports.
    route('admin/roster/import/csv', 'routes/api/admin.roster.import.csv.ts'),
    route('admin/roster/import/discord', 'routes/api/admin.roster.import.discord.ts'),
    route('admin/roster/members/bulk', 'routes/api/admin.roster.members.bulk.ts'),
    route('admin/roster/export.csv', 'routes/api/admin.roster.export.csv.ts'),
    route('admin/export/:file', 'routes/api/admin.export.$file.ts'),
    route('account/export', 'routes/api/account.export.ts'),
    // Backups: the list with the schedule and the last failure, Back up now, one backup file's download.
    route('admin/backups', 'routes/api/admin.backups.ts'),
    route('admin/backups/:name', 'routes/api/admin.backups.$name.ts'),
    // Outgoing webhooks (docs/rules/webhooks.md): the endpoints, Send test, the deliveries and Redeliver.
    route('admin/webhooks', 'routes/api/admin.webhooks.ts'),
    route('admin/webhooks/:id', 'routes/api/admin.webhooks.$id.ts'),
    route('admin/webhooks/:id/rotate-secret', 'routes/api/admin.webhooks.$id.rotate-secret.ts'),
    // Send test: a folder of its name, since a file named ….test.ts would be taken for a test file.
    route('admin/webhooks/:id/test', 'routes/api/admin.webhooks.$id.test/route.ts'),
    route('admin/webhooks/:id/deliveries', 'routes/api/admin.webhooks.$id.deliveries.ts'),
    route(
      'admin/webhooks/:id/deliveries/:deliveryId/redeliver',
      'routes/api/admin.webhooks.$id.deliveries.$deliveryId.redeliver.ts',
    ),
    // Joint operations (docs/rules/joint-operations.md): allied units, their invite links and guests; the join.
    route('admin/allied-units', 'routes/api/admin.allied-units.ts'),
    route('admin/allied-units/:id', 'routes/api/admin.allied-units.$id.ts'),
    route('admin/allied-units/:id/rotate-invite', 'routes/api/admin.allied-units.$id.rotate-invite.ts'),
    route('admin/allied-units/:id/guests', 'routes/api/admin.allied-units.$id.guests.ts'),
    route('admin/allied-units/:id/guests/:userId', 'routes/api/admin.allied-units.$id.guests.$userId.ts'),
    route('allied-units/join', 'routes/api/allied-units.join.ts'),
    // The public ORBAT's /api never reaches React Router: its writes (POST slot/:id/signup, slot/:id/leave,
    // waitlist/join, waitlist/leave) are answered by server/http/member-writes.ts; its polled reads (/api/orbat,
    // /api/waitlist, /api/settings, /api/waitlist/squads) and the live stream (/api/live) are served from the
    // in-memory snapshot in server/http/live-routes.ts.
    // Admin Settings panel: settings, eligible roles, purge, platoons, ORBAT presets.
    route('admin/settings', 'routes/api/admin.settings.ts'),
    route('admin/settings/language', 'routes/api/admin.settings.language.ts'),
    route('admin/waitlist-roles', 'routes/api/admin.waitlist-roles.ts'),
    route('admin/waitlist-roles/:id', 'routes/api/admin.waitlist-roles.$id.ts'),
    route('admin/waitlist', 'routes/api/admin.waitlist.ts'),
    route('admin/platoons', 'routes/api/admin.platoons.ts'),
    route('admin/platoons/:id', 'routes/api/admin.platoons.$id.ts'),
    route('admin/orbat/presets', 'routes/api/admin.orbat.presets.ts'),
    route('admin/orbat/presets/:id', 'routes/api/admin.orbat.presets.$id.ts'),
    route('admin/orbat/presets/:id/load', 'routes/api/admin.orbat.presets.$id.load.ts'),
    // The ORBAT editor's save (docs/decisions/012-orbat-save-keeps-concurrent-sign-ups.md) and its look-ups: roster
    // members, squad Discord role records.
    route('admin/orbat/save', 'routes/api/admin.orbat.save.ts'),
    // The mission file round trip (docs/rules/orbat.md, The mission file).
    route('admin/orbat/import/sqm', 'routes/api/admin.orbat.import.sqm.ts'),
    route('admin/orbat/export/sqm', 'routes/api/admin.orbat.export.sqm.ts'),
    // The ORBAT's versions (docs/rules/orbat-history.md): the list, one with its diff, restore.
    route('admin/orbat/versions', 'routes/api/admin.orbat.versions.ts'),
    route('admin/orbat/versions/:id', 'routes/api/admin.orbat.versions.$id.ts'),
    route('admin/orbat/versions/:id/restore', 'routes/api/admin.orbat.versions.$id.restore.ts'),
    route('roster', 'routes/api/roster.ts'),
    // Roster: public reads, then the admin's members, events, attendance and qualifications.
    route('roster/qualifications/public', 'routes/api/roster.qualifications.public.ts'),
    route('roster/member/:id', 'routes/api/roster.member.$id.ts'),
    route('roster/admin/member/:id', 'routes/api/roster.admin.member.$id.ts'),
    route('roster/members', 'routes/api/roster.members.ts'),
    route('roster/members/:id', 'routes/api/roster.members.$id.ts'),
    route('roster/members/:id/ban', 'routes/api/roster.members.$id.ban.ts'),
    route('roster/members/:id/unban', 'routes/api/roster.members.$id.unban.ts'),
    route('roster/members/:id/record', 'routes/api/roster.members.$id.record.ts'),
    route('roster/members/:id/activity', 'routes/api/roster.members.$id.activity.ts'),
    // Activity (docs/rules/activity.md): the admin's report and its CSV.
    route('activity', 'routes/api/activity.ts'),
    route('activity.csv', 'routes/api/activity.csv.ts'),
    route('roster/members/:id/profile', 'routes/api/roster.members.$id.profile.ts'),
    route('roster/members/:id/notes', 'routes/api/roster.members.$id.notes.ts'),
    // Awards (docs/rules/personnel.md, Awards): the public list, the admin's definitions, a member's grants.
    route('awards', 'routes/api/awards.ts'),
    route('awards/:id', 'routes/api/awards.$id.ts'),
    route('roster/members/:id/awards', 'routes/api/roster.members.$id.awards.ts'),
    route('roster/members/:id/awards/:grantId', 'routes/api/roster.members.$id.awards.$grantId.ts'),
    route('roster/events', 'routes/api/roster.events.ts'),
    route('roster/events/:id', 'routes/api/roster.events.$id.ts'),
    route('roster/events/:id/attendance', 'routes/api/roster.events.$id.attendance.ts'),
    route('roster/events/:id/orbat-snapshot', 'routes/api/roster.events.$id.orbat-snapshot.ts'),
    route('roster/qualifications', 'routes/api/roster.qualifications.ts'),
    route('roster/qualifications/:id', 'routes/api/roster.qualifications.$id.ts'),
    route('roster/trainings', 'routes/api/roster.trainings.ts'),
    route('roster/trainings/public', 'routes/api/roster.trainings.public.ts'),
    route('roster/trainings/:id', 'routes/api/roster.trainings.$id.ts'),
    route('roster/trainings/:id/signup', 'routes/api/roster.trainings.$id.signup.ts'),
    route('roster/trainings/:id/leave', 'routes/api/roster.trainings.$id.leave.ts'),
    route('roster/trainings/:id/signups', 'routes/api/roster.trainings.$id.signups.ts'),
    route('roster/trainings/:id/signups/:memberId', 'routes/api/roster.trainings.$id.signups.$memberId.ts'),
    route('roster/trainings/:id/attendance', 'routes/api/roster.trainings.$id.attendance.ts'),
    route('roster/trainings/:id/post-to-discord', 'routes/api/roster.trainings.$id.post-to-discord.ts'),
    route('roster/:kind/:id/ping', 'routes/api/roster.$kind.$id.ping.ts'),
    route('roster/bmt-graduate', 'routes/api/roster.bmt-graduate.ts'),
    route('roster/promotions/thresholds', 'routes/api/roster.promotions.thresholds.ts'),
    route('roster/promotions/run', 'routes/api/roster.promotions.run.ts'),
    // Notifications (docs/rules/notifications.md): web push per device, and each kind's channels.
    route('push/public-key', 'routes/api/push.public-key.ts'),
    route('push/subscriptions', 'routes/api/push.subscriptions.ts'),
    route('account/notifications', 'routes/api/account.notifications.ts'),
    // Languages (docs/rules/languages.md): the person's own choice, and what the app speaks.
    route('account/preferences', 'routes/api/account.preferences.ts'),
    route('languages', 'routes/api/languages.ts'),
    // Leave of absence (docs/rules/personnel.md): a member's own requests (an admin's: everyone's), asking, withdrawing
    // a pending request, an admin's approval or denial, ending an approved leave early.
    route('loa', 'routes/api/loa.ts'),
    route('loa/:id', 'routes/api/loa.$id.ts'),
    route('loa/:id/approve', 'routes/api/loa.$id.approve.ts'),
    route('loa/:id/deny', 'routes/api/loa.$id.deny.ts'),
    route('loa/:id/end', 'routes/api/loa.$id.end.ts'),
    // Recruitment (docs/rules/recruitment.md): the unit's form, applying, an applicant's own applications, the
    // recruiters' pipeline.
    route('recruitment/form', 'routes/api/recruitment.form.ts'),
    route('applications', 'routes/api/applications.ts'),
    route('applications/mine', 'routes/api/applications.mine.ts'),
    route('applications/:id', 'routes/api/applications.$id.ts'),
    route('applications/:id/status', 'routes/api/applications.$id.status.ts'),
    route('applications/:id/comments', 'routes/api/applications.$id.comments.ts'),
    route('applications/:id/assign', 'routes/api/applications.$id.assign.ts'),
    route('applications/:id/withdraw', 'routes/api/applications.$id.withdraw.ts'),
    route('discord-roles/squads', 'routes/api/discord-roles.squads.ts'),
    // Discord admin page: rank and squad role mappings, purges, ping history.
    route('discord-roles/ranks', 'routes/api/discord-roles.ranks.ts'),
    route('discord-roles/squads/:id', 'routes/api/discord-roles.squads.$id.ts'),
    route('discord-roles/purge-squad-integrations', 'routes/api/discord-roles.purge-squad-integrations.ts'),
    route('discord/roles/purge-event-ping', 'routes/api/discord.roles.purge-event-ping.ts'),
    route('discord/pings', 'routes/api/discord.pings.ts'),
    route('discord/pings/:id', 'routes/api/discord.pings.$id.ts'),
    route('discord/channels', 'routes/api/discord.channels.ts'),
    route('discord/roles', 'routes/api/discord.roles.ts'),
    // Library: public list, admin changes.
    route('knowledge', 'routes/api/knowledge.ts'),
    route('knowledge/:id', 'routes/api/knowledge.$id.ts'),
    // Qualification tests: the public cards, a member's cards, take, submit (by id or uuid) and result; the admin's
    // editor, Manage Test (attempts, approvals, retakes, Approve Qual) and question images.
    route('tests', 'routes/api/tests.ts'),
    route('tests/public', 'routes/api/tests.public.ts'),
    route('tests/:id', 'routes/api/tests.$id.ts'),
    route('tests/:id/take', 'routes/api/tests.$id.take.ts'),
    route('tests/:id/submit', 'routes/api/tests.$id.submit.ts'),
    route('tests/:id/attempts', 'routes/api/tests.$id.attempts.ts'),
    route('tests/attempt/:uuid/result', 'routes/api/tests.attempt.$uuid.result.ts'),
    route('tests/attempt/:id', 'routes/api/tests.attempt.$id.ts'),
    route('tests/attempts/:id/grant', 'routes/api/tests.attempts.$id.grant.ts'),
    route('tests/eligibility/:change', 'routes/api/tests.eligibility.$change.ts'),
    route('tests/images/:name', 'routes/api/tests.images.$name.ts'),
    route('admin/tests/images', 'routes/api/admin.tests.images.ts'),
    // Live in-game evaluations: awaiting members, the checklist, sessions (start, answer, submit, cancel, a live
    // stream per session), completed evaluations (listed by test id, deleted by evaluation id) and their details.
    route('admin/tests/:id/passed-members', 'routes/api/admin.tests.$id.passed-members.ts'),
    route('admin/tests/:id/evaluation-questions', 'routes/api/admin.tests.$id.evaluation-questions.ts'),
    route('admin/evaluations/start', 'routes/api/admin.evaluations.start.ts'),
    route('admin/evaluations/live/active', 'routes/api/admin.evaluations.live.active.ts'),
    route('admin/evaluations/live/:sessionId', 'routes/api/admin.evaluations.live.$sessionId.ts'),
    route('admin/evaluations/live/:sessionId/answer', 'routes/api/admin.evaluations.live.$sessionId.answer.ts'),
    route('admin/evaluations/live/:sessionId/submit', 'routes/api/admin.evaluations.live.$sessionId.submit.ts'),
    route('admin/evaluations/session/:sessionId/live', 'routes/api/admin.evaluations.session.$sessionId.live.ts'),
    route('admin/evaluations/details/:id', 'routes/api/admin.evaluations.details.$id.ts'),
    route('admin/evaluations/:id', 'routes/api/admin.evaluations.$id.ts'),
    // Game-server endpoints (docs/game-server.md), for Arma server mods with a server token (scope game-server).
    route('integrations/slots', 'routes/api/integrations.slots.ts'),
    route('integrations/orbat', 'routes/api/integrations.orbat.ts'),
    route('integrations/events/:id/attendance', 'routes/api/integrations.events.$id.attendance.ts'),
    // Anything else under /api answers 404 JSON, never the HTML error page.
    route('*', 'routes/api/not-found.ts'),
  ]),

  // Unmatched routes show the generic error screen.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
