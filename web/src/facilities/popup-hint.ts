/** Spec §9: shown after an export opens its download in a new window. */
export const POPUP_HINT = 'If no download box has appeared, please disable your popup-blocker for this site.';
