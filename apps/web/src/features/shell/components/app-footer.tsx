import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePublicConfig } from '../hooks/use-public-config';

export const DEMO_GEOGRAPHY_NOTICE = 'Données géographiques de démonstration';

/** A discreet footer: the community, and a warning while the map shows generated data. */
export function AppFooter() {
  const config = usePublicConfig();
  if (!config) return null;
  return (
    <Box
      component="footer"
      sx={{ px: 3, py: 1.5, color: 'text.secondary', display: 'flex', gap: 2, flexWrap: 'wrap' }}
    >
      <Typography variant="body2">{config.communityName}</Typography>
      {config.demoGeography && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {DEMO_GEOGRAPHY_NOTICE}
        </Typography>
      )}
    </Box>
  );
}
