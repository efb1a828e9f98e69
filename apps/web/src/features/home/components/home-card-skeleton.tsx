import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';

export function HomeCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <Skeleton variant="rectangular" height={128} />
      <Box sx={{ px: 2, pt: 1.25, pb: 1.5 }}>
        <Skeleton width="60%" height={26} />
        <Skeleton width="40%" height={20} />
      </Box>
    </Card>
  );
}
