// The demo unit's notification choices (docs/rules/notifications.md), so /account shows a table someone filled in:
// Sgt. Reyes (whose account is made here as the first login would make it; the login updates it) wants the ORBAT's
// news on the phone and by Discord message, trainings by Discord only, and no news of applications; Cpt. Miller, the
// admin, hears of new applications and leave requests by push. Nobody has a device: push is turned on from a browser.
import { eq } from 'drizzle-orm'
import type { NotificationKind } from '../../contracts/notifications.ts'
import type { Tx } from '../client.ts'
import { notificationPreferences } from '../schema/notifications.ts'
import { users } from '../schema/users-sessions.ts'
import { DEMO_USERS } from './demo-guild.ts'

type Choices = Partial<Record<NotificationKind, [push: boolean, discord: boolean]>>

const CHOICES: Record<string, Choices> = {
  reyes: {
    signups_open: [true, true],
    waitlist_placed: [true, true],
    slot_changed: [true, false],
    training_reminder: [false, true],
    test_updates: [true, false],
    promotions_awards: [true, true],
    leave: [true, false],
    applications: [false, false],
  },
  demo_admin: {
    signups_open: [true, false],
    admin_queue: [true, false],
  },
}

export async function seedNotificationChoices(tx: Tx): Promise<void> {
  for (const [username, choices] of Object.entries(CHOICES)) {
    const demo = DEMO_USERS.find((u) => u.username === username)!
    await tx
      .insert(users)
      .values({ discord_id: demo.id, username: demo.username, display_name: demo.global_name })
      .onConflictDoNothing()
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.discord_id, demo.id))
    await tx
      .insert(notificationPreferences)
      .values(Object.entries(choices).map(([kind, [push, discord]]) => ({ user_id: user!.id, kind, push, discord })))
      .onConflictDoNothing()
  }
}
