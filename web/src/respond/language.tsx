/**
 * The chosen language for every part of the portal: its texts, and the locale its dates and amounts
 * are formatted in. The provider also keeps <html lang> and the window title in that language.
 */
import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import type { RespondLanguage } from '../../../shared/contracts/respond';
import { MESSAGES } from './i18n';
import type { Messages } from './i18n';

interface Language {
  language: RespondLanguage;
  t: Messages;
}

const LanguageContext = createContext<Language>({ language: 'en', t: MESSAGES.en });

export function LanguageProvider({ language, children }: { language: RespondLanguage; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = MESSAGES[language].title;
  }, [language]);
  return <LanguageContext.Provider value={{ language, t: MESSAGES[language] }}>{children}</LanguageContext.Provider>;
}

export const useLanguage = (): Language => useContext(LanguageContext);
