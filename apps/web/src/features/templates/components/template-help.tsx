import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { TEMPLATE_FIELDS, TEMPLATE_RULES } from '../model/template-help';
import { TEMPLATE_TEXTS } from '../model/template-texts';

const code = { fontFamily: 'monospace', fontWeight: 700 } as const;

/** How to write a template and the main fields (docs/templates.md, in French). */
export function TemplateHelp() {
  const headingId = useId();
  const fieldsId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId}>
        {TEMPLATE_TEXTS.helpHeading}
      </Typography>
      <Typography>
        Modifiez le fichier téléchargé dans Word ou LibreOffice en gardant ses balises entre accolades, puis
        enregistrez-le ici au format DOCX.
      </Typography>
      <Box component="ul" sx={{ pl: 3 }}>
        {TEMPLATE_RULES.map((rule) => (
          <li key={rule.tag}>
            <Box component="span" sx={code}>
              {rule.tag}
            </Box>{' '}
            : {rule.text}
          </li>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" id={fieldsId} sx={{ fontWeight: 700 }}>
        Champs disponibles
      </Typography>
      <Box component="dl" sx={{ m: 0, '& dd': { ml: 3, mb: 1 } }}>
        {TEMPLATE_FIELDS.map((field) => (
          <Box key={field.name} sx={{ display: 'contents' }}>
            <Box component="dt" sx={code}>
              {field.name}
            </Box>
            <dd>{field.text}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
