import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cerfaSectionHeading, type CerfaForm, type CerfaSection } from '@voirie/domain';
import { useId } from 'react';
import { CerfaFieldView } from './cerfa-field-view';

/** The band colour of the printed forms' section titles (the PDF's too); white text on it is AAA. */
const BAND = '#293d6b';

const gridSx = {
  display: 'grid',
  gap: 2,
  p: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** One numbered section: its heading on the form's band, then its zones. */
function CerfaSectionView({ section }: { section: CerfaSection }) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: BAND, borderRadius: 1, overflow: 'hidden', breakInside: 'avoid-page' }}
    >
      <Typography
        id={headingId}
        component="h2"
        variant="subtitle1"
        sx={{ bgcolor: BAND, color: 'common.white', fontWeight: 700, px: 2, py: 0.75 }}
      >
        {cerfaSectionHeading(section)}
      </Typography>
      <Box sx={gridSx}>
        {section.fields.map((field) => (
          <CerfaFieldView key={field.label} field={field} />
        ))}
      </Box>
    </Box>
  );
}

/** The form's header as printed: the cerfa box with its number, the title, its legal basis and notes. */
export function CerfaHeader({ form }: { form: CerfaForm }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Box sx={{ border: 1, borderColor: 'text.primary', px: 1.5, py: 0.5, minWidth: 110 }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.2 }}>cerfa</Typography>
        <Typography variant="body2">{form.reference.replace(/^cerfa /, '')}</Typography>
      </Box>
      <Box sx={{ flex: '1 1 300px' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>« {form.title} »</Typography>
        {form.legalBasis.map((text) => (
          <Typography key={text} variant="body2" color="text.secondary">
            {text}
          </Typography>
        ))}
        {form.notes?.map((note) => (
          <Typography key={note} variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
            {note}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The form's numbered sections, each a region named by its heading ('1 - Le demandeur'). */
export function CerfaSheet({ form }: { form: CerfaForm }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {form.sections.map((section) => (
        <CerfaSectionView key={section.id} section={section} />
      ))}
    </Box>
  );
}
