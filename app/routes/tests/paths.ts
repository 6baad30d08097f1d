// The tests pages' addresses, in one place for the cards, the take page and the result.

export const TESTS_PATH = '/tests'
export const takeHref = (uuid: string) => `${TESTS_PATH}/${uuid}/take`
export const resultHref = (attemptUuid: string) => `${TESTS_PATH}/result/${attemptUuid}`
/** Login, then back to the cards (which then show the member's standing). */
export const loginHref = `/auth/discord?returnTo=${encodeURIComponent(TESTS_PATH)}`
