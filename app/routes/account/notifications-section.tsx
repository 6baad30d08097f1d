import { useActionData } from 'react-router'
import { ACCOUNT_FORMS, ACCOUNT_INTENTS, type AccountActionData } from './intents.ts'
import { PushThisDevice } from './push-this-device.tsx'
import { useAccountText } from './contract-texts.ts'
import { MAX_PUSH_DEVICES, NOTIFICATION_FORM_FIELDS, type AccountNotifications } from '#contracts/notifications.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { Badge } from '#app/ui/badge.tsx'
import { primaryButton, smallDangerButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { EmptyState, Notice, Section } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { PostButton } from '#app/ui/post-button.tsx'
import { usePushState } from './use-push-state.ts'

// Notifications on the account page (docs/rules/notifications.md): push on this device (needs JavaScript: the
// browser's push subscription is made by script), the devices that get push, each removable, and the choices per kind
// and channel, a plain form that saves with or without JavaScript. A device's name is what its browser said it was.

export function NotificationsSection({ data, publicKey }: { data: AccountNotifications; publicKey: string }) {
  const t = useT('account.notifications')
  const push = usePushState(publicKey, data.devices)
  return (
    <Section title={t('title')} description={t('description')}>
      {data.dmsClosedAt ? (
        <p
          className="rounded-md border border-amber-500/40 bg-amber-950/40 px-3 py-2 text-sm text-amber-100"
          data-testid="dms-closed"
        >
          {t.rich('dmsClosed', { date: () => <DateTime iso={data.dmsClosedAt!} /> })}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-zinc-200">{t('pushHere')}</h3>
        <PushThisDevice push={push} />
      </div>
      <DeviceList devices={data.devices} thisDevice={push.thisDeviceKey} />
      <ChoicesForm choices={data.choices} />
    </Section>
  )
}

function DeviceList({ devices, thisDevice }: { devices: AccountNotifications['devices']; thisDevice: string | null }) {
  const t = useT('account.notifications')
  return (
    <div className="flex flex-col gap-2 border-t border-zinc-800 pt-4">
      <h3 className="text-sm font-semibold text-zinc-200">{t('devices')}</h3>
      {devices.length ? (
        <ul
          className="flex flex-col divide-y divide-zinc-800 rounded-lg border border-zinc-800"
          aria-label={t('devices')}
        >
          {devices.map((device) => (
            <li
              key={device.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm"
              data-testid="push-device"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium break-words text-zinc-100">
                  {device.device}
                  {device.key === thisDevice ? <Badge tone="success">{t('thisDevice')}</Badge> : null}
                </p>
                <p className="text-xs text-zinc-400">
                  {t.rich('added', { date: () => <DateTime iso={device.created_at} /> })} ·{' '}
                  {device.last_sent_at
                    ? t.rich('lastNotified', { date: () => <DateTime iso={device.last_sent_at!} /> })
                    : t('nothingSent')}
                </p>
              </div>
              <PostButton
                formKey={`${ACCOUNT_INTENTS.removeDevice}-${device.id}`}
                intent={ACCOUNT_INTENTS.removeDevice}
                fields={{ id: device.id }}
                label={t('remove')}
                className={smallDangerButton}
                aria-label={t('removeNamed', { device: device.device })}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState text={t('noDevices')} />
      )}
      <p className="text-xs text-zinc-400">{t('deviceLimit', { max: MAX_PUSH_DEVICES })}</p>
    </div>
  )
}

function ChoicesForm({ choices }: { choices: AccountNotifications['choices'] }) {
  const t = useT('account.notifications')
  const text = useAccountText()
  const { Form, action, hidden, busy } = useFormPost(ACCOUNT_FORMS.notifications)
  const answer = useActionData<AccountActionData>()
  const notice = answer && 'notice' in answer ? answer.notice : null
  // A new form whenever the saved choices change, so the boxes show what was stored.
  const key = choices.map((c) => `${c.kind}${Number(c.push)}${Number(c.discord)}`).join()
  return (
    <Form
      key={key}
      method="post"
      action={action}
      className="flex flex-col gap-3 border-t border-zinc-800 pt-4"
      aria-labelledby="notification-choices"
    >
      {hidden}
      <input type="hidden" name="intent" value={ACCOUNT_INTENTS.notificationChoices} />
      <h3 id="notification-choices" className="text-sm font-semibold text-zinc-200">
        {t('choices')}
      </h3>
      {notice ? <Notice>{text(notice)}</Notice> : null}
      <div className="overflow-x-auto rounded-lg border border-zinc-800">
        <table className="w-full text-sm">
          <thead className="bg-zinc-900 text-xs text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('when')}
              </th>
              <th scope="col" className="w-16 px-1 py-2 text-center font-medium sm:w-24">
                {t('pushColumn')}
              </th>
              <th scope="col" className="w-20 px-1 py-2 text-center font-medium sm:w-28">
                {t('discordColumn')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {choices.map((choice) => {
              // The kind's name, in the page's language already (the loader's).
              const kind = choice.label
              return (
                <tr key={choice.kind} data-testid={`choice-${choice.kind}`}>
                  <th scope="row" className="px-3 py-1.5 text-left font-normal text-zinc-200">
                    <input type="hidden" name={NOTIFICATION_FORM_FIELDS.kind} value={choice.kind} />
                    {kind}
                  </th>
                  <ChoiceCell
                    name={NOTIFICATION_FORM_FIELDS.push}
                    choice={choice}
                    on={choice.push}
                    label={t('choiceLabel', { channel: t('pushColumn'), kind })}
                  />
                  <ChoiceCell
                    name={NOTIFICATION_FORM_FIELDS.discord}
                    choice={choice}
                    on={choice.discord}
                    label={t('choiceLabel', { channel: t('discordColumn'), kind })}
                  />
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-zinc-400">{t('channelsHint')}</p>
      <div>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          {t('save')}
        </button>
      </div>
    </Form>
  )
}

function ChoiceCell({
  name,
  choice,
  on,
  label,
}: {
  name: string
  choice: AccountNotifications['choices'][number]
  on: boolean
  /** What a screen reader says of the box: "Push: Promotions and awards". */
  label: string
}) {
  return (
    <td className="p-0 text-center">
      {/* The whole cell is the target (44 px at least), not the box alone. */}
      <label className="flex min-h-11 cursor-pointer items-center justify-center">
        <input
          type="checkbox"
          name={name}
          value={choice.kind}
          defaultChecked={on}
          className="size-5 accent-brand-500"
        />
        <span className="sr-only">{label}</span>
      </label>
    </td>
  )
}
