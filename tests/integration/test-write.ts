/** Who the tests' direct store writes are recorded as (tenant history). Free of vitest, so the bench can share the fixtures that use it. */
export const TEST_WRITE = { actor: { user_id: 'test', username: 'integration-test' }, action: 'test' };
