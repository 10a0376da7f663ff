import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CerfaForm } from '@voirie/domain';
import { CerfaFieldView } from './cerfa-field-view';

const fieldsetSx = { border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 } as const;
const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** The form's sections as fieldsets named by their printed titles. */
export function CerfaSheet({ form }: { form: CerfaForm }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {form.sections.map((section) => (
        <Box key={section.id} component="fieldset" sx={fieldsetSx}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, px: 0.5 }}>
            {section.title}
          </Typography>
          <Box sx={gridSx}>
            {section.fields.map((field) => (
              <CerfaFieldView key={field.label} field={field} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
