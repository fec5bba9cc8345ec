/** docs/spec/SPEC.md §4, §9: the sign-up wizard's delays and the reset redirect. */
export const AFTER_CODE_SENT_MS = 1_500;
export const AFTER_CODE_VERIFIED_MS = 1_500;
export const AFTER_ACCOUNT_CREATED_MS = 2_500;
export const AFTER_RESET_MS = 1_200;
export const RESEND_COOLDOWN_S = 60;
