import PersonRounded from '@mui/icons-material/PersonRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { LineIcon } from '@/components/brand/line-icon';

interface HeaderUserProps {
  displayName: string;
  lineName: string | null;
}

export function HeaderUser({ displayName, lineName }: HeaderUserProps) {
  return (
    <Box data-testid="header-user" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Avatar
        sx={(theme) => ({ width: 30, height: 30, bgcolor: alpha(theme.palette.common.white, 0.16), color: 'inherit' })}
      >
        <PersonRounded sx={{ fontSize: 20 }} />
      </Avatar>
      <Box sx={{ minWidth: 0, lineHeight: 1.2 }}>
        <Typography component="div" variant="body2" noWrap sx={{ fontWeight: 600, lineHeight: 1.35, maxWidth: 220 }}>
          {displayName}
        </Typography>
        {lineName ? (
          <Typography
            component="div"
            variant="caption"
            noWrap
            data-testid="header-line-name"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, opacity: 0.8, lineHeight: 1.35, maxWidth: 220 }}
          >
            <LineIcon sx={{ fontSize: 13 }} />
            {lineName}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
