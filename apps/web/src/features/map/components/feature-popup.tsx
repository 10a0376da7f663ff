import CloseIcon from '@mui/icons-material/Close';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type Ref } from 'react';
import type { FeaturePopupContent } from '../model/features';

export const POPUP_CLOSE_LABEL = 'Fermer';

/**
 * The popup of the selected feature, placed over the map by the map controller (it sets the
 * element's transform). A named region with a close button; Escape closes it too.
 */
export function FeaturePopup({
  content,
  onClose,
  ref,
}: {
  content: FeaturePopupContent;
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const titleId = useId();
  return (
    <Paper
      ref={ref}
      role="region"
      aria-labelledby={titleId}
      elevation={6}
      data-testid="map-popup"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      sx={{
        position: 'absolute',
        left: 0,
        top: 0,
        zIndex: 2,
        width: 270,
        maxWidth: 'calc(100% - 8px)',
        p: 1.5,
        pt: 1,
        borderLeft: 4,
        borderColor: content.warning ? '#b34000' : '#000091',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
          {content.title}
        </Typography>
        <IconButton size="small" aria-label={POPUP_CLOSE_LABEL} title={POPUP_CLOSE_LABEL} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {content.lines.map((line) => (
        <Typography
          key={line}
          variant="body2"
          sx={{
            display: 'flex',
            gap: 0.5,
            alignItems: 'flex-start',
            color: content.warning ? '#8f3400' : 'text.primary',
          }}
        >
          {content.warning && <WarningAmberIcon fontSize="small" aria-hidden />}
          {line}
        </Typography>
      ))}
    </Paper>
  );
}
