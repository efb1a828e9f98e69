import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@/i18n/i18n';

interface LanguageSwitchProps {
  /** `onDark` for the app bar. */
  tone?: 'default' | 'onDark';
}

const SHORT_LABEL = { th: 'ไทย', en: 'EN' } as const;

export function LanguageSwitch({ tone = 'default' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'th';

  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      onChange={(_, value: unknown) => {
        if (isLanguage(value)) void i18n.changeLanguage(value);
      }}
      aria-label={t('language.label')}
      data-testid="language-switch"
      sx={[
        { '& .MuiToggleButton-root': { py: 0.25, px: 1.25, lineHeight: 1.4 } },
        tone === 'onDark' &&
          ((theme) => ({
            '& .MuiToggleButton-root': {
              color: alpha(theme.palette.common.white, 0.8),
              borderColor: alpha(theme.palette.common.white, 0.3),
            },
            '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
              color: theme.palette.common.white,
              backgroundColor: alpha(theme.palette.common.white, 0.18),
            },
          })),
      ]}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton key={language} value={language} lang={language} aria-label={t(`language.${language}`)}>
          {SHORT_LABEL[language]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
