import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import Typography from '@mui/material/Typography';
import type { MenuItem } from '@rangsi/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuTitle } from '@/lib/menu-title';
import { MenuPicture } from '../pictures/menu-picture';

const actionAreaSx = {
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  justifyContent: 'flex-start',
} as const;

/** Spec §2: one card per menu item, its picture and title, to /{permissionCode}. */
export function HomeCard({ item }: { item: MenuItem }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const title = menuTitle(item, language);
  // The other language underneath helps staff who know the screens by their English (or Thai) names.
  const secondTitle = language === 'en' ? item.title : item.titleEn;
  const href = `/${item.permissionCode}`;

  const body: ReactNode = (
    <>
      <Box
        sx={(theme) => ({
          height: 128,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: theme.palette.illustration.tint,
          borderBottom: 1,
          borderColor: 'divider',
        })}
      >
        <Box sx={{ height: 112, aspectRatio: '4 / 3' }}>
          <MenuPicture code={item.permissionCode} />
        </Box>
      </Box>
      <Box sx={{ px: 2, pt: 1.25, pb: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Typography variant="subtitle1" component="h2" noWrap data-testid="card-title">
            {title}
          </Typography>
          {item.newWindow ? (
            <OpenInNewRounded titleAccess={t('home.opensNewWindow')} sx={{ fontSize: 16, color: 'text.secondary' }} />
          ) : null}
        </Box>
        {secondTitle ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {secondTitle}
          </Typography>
        ) : null}
      </Box>
    </>
  );

  return (
    <Card
      data-testid={`home-card-${item.permissionCode}`}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        transition: theme.transitions.create(['border-color', 'box-shadow']),
        '&:hover': { borderColor: 'primary.light', boxShadow: `0 4px 14px ${theme.palette.illustration.tintStrong}` },
      })}
    >
      {item.newWindow ? (
        <CardActionArea component="a" href={href} target="_blank" rel="noopener" sx={actionAreaSx}>
          {body}
        </CardActionArea>
      ) : (
        <CardActionArea component={Link} to={href} sx={actionAreaSx}>
          {body}
        </CardActionArea>
      )}
      {item.subMenu.length > 0 ? (
        <CardActions sx={{ borderTop: 1, borderColor: 'divider', px: 1.25, py: 1, gap: 1, flexWrap: 'wrap' }}>
          {item.subMenu.map((sub) => (
            <Button
              key={sub.id}
              size="small"
              variant="outlined"
              href={`/${sub.permissionCode}`}
              // Spec §2: branch_report and its daily/monthly pages open in a new window.
              target="_blank"
              rel="noopener"
              data-testid={`home-subitem-${sub.permissionCode}`}
              sx={{
                flex: '1 1 0',
                minWidth: 'fit-content',
                ml: '0 !important',
                px: 1,
                fontSize: '0.8rem',
                whiteSpace: 'nowrap',
              }}
            >
              {menuTitle(sub, language)}
            </Button>
          ))}
        </CardActions>
      ) : null}
    </Card>
  );
}
