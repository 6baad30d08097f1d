// The mission worker thread (server/orbat/mission/pool.ts). The app runs TypeScript through tsx: register it in this
// thread too, then load the task. A plain .mjs file, so Node can start the thread without a loader.
import { register } from 'tsx/esm/api'

register()
const { runMissionTask } = await import('./read-off-thread.ts')

export default function run(input) {
  return runMissionTask(input)
}
