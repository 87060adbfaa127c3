import { Button, Stack } from '@mui/material';
import { LANGUAGE_NAMES, LANGUAGES } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { setPreference, usePreferences } from '../app/preferences';

/** The sign-in pages' language choice (each language named in itself); the profile menu has it after. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const { language: current } = usePreferences();
  return (
    <Stack
      component="nav"
      aria-label={t('Language')}
      direction="row"
      spacing={1}
      sx={{ justifyContent: 'center', mt: 2 }}
    >
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="small"
          lang={language}
          aria-current={language === current ? 'true' : undefined}
          variant={language === current ? 'outlined' : 'text'}
          onClick={() => void setPreference({ language })}
          data-testid={`login-language-${language}`}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Stack>
  );
}
