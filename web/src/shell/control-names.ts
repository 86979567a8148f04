/**
 * The names Cloudscape gives its built-in icon buttons when a page passes none (a search field's clear
 * button, a modal's close button, an alert's dismiss button, a split panel's buttons, the scroll buttons
 * of overflowing tabs), given once for the whole app through I18nProvider. Only such names: Cloudscape's
 * full English messages would also rename options and column headers ('..., Selected', 'ascending').
 */
import type { I18nProviderProps } from '@cloudscape-design/components/i18n';

export const CONTROL_NAMES: I18nProviderProps.Messages = {
  'cloudscape-design-components': {
    en: {
      input: { clearAriaLabel: 'Clear' },
      modal: { closeAriaLabel: 'Close' },
      alert: { 'i18nStrings.dismissAriaLabel': 'Dismiss' },
      'split-panel': { 'i18nStrings.closeButtonAriaLabel': 'Close panel', 'i18nStrings.openButtonAriaLabel': 'Open panel' },
      tabs: { 'i18nStrings.scrollLeftAriaLabel': 'Scroll left', 'i18nStrings.scrollRightAriaLabel': 'Scroll right' },
    },
  },
};
