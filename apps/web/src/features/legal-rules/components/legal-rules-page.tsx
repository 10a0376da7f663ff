import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { canUser, type LegalRuleView } from '@voirie/domain';
import { useId, useState } from 'react';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { legalRulesQueryOptions } from '../api/legal-rules-api';
import { LEGAL_RULES_TEXTS as T } from '../model/legal-rules-texts';
import { LegalDelayDialog } from './legal-delay-dialog';

const DEFINITIONS_SX = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'fit-content(30%) minmax(0, 1fr)' },
  columnGap: 2,
  rowGap: 0.5,
  m: 0,
  overflowWrap: 'anywhere',
} as const;

/** One rule: what it applies to, its delay, what silence means, its texts and the law's default. */
function RuleCard(props: { rule: LegalRuleView; canEdit: boolean; onEdit: () => void }) {
  const { rule } = props;
  const headingId = useId();
  const entries: [string, string][] = [
    [T.scope, rule.scope],
    [T.delay, T.delayWords(rule)],
    [T.silence, T.silenceText(rule.silence)],
    [T.references, rule.references],
    [T.lawDefault, T.delayWords(rule.default)],
  ];
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {rule.label}
        </Typography>
        {props.canEdit && (
          <Button
            variant="outlined"
            aria-haspopup="dialog"
            aria-label={T.editLabel(rule.label)}
            onClick={props.onEdit}
          >
            {T.edit}
          </Button>
        )}
      </Box>
      <Box component="dl" sx={DEFINITIONS_SX}>
        {entries.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * « Délais légaux » (/delais): the legal clock's rules with their delays in force, for
 * instructors (read-only) and administrators, who adjust a delay in a dialog; the API refuses
 * anyone else, who is told so and asks nothing of it.
 */
export function LegalRulesPage() {
  usePageTitle(T.title);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'readLegalRules');
  const canEdit = canUser(user, 'manageLegalRules');
  const rules = useQuery(legalRulesQueryOptions(allowed));
  const [edited, setEdited] = useState<LegalRuleView | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {T.title}
      </Typography>
      {user && !allowed ? <Alert severity="info">{T.notAllowed}</Alert> : null}
      {allowed && (
        <>
          <Typography>{T.intro}</Typography>
          <Alert severity="info">
            {T.newDelaysOnly}
            {!canEdit && ` ${T.readOnly}`}
          </Alert>
          {rules.isError && <Alert severity="error">{T.loadFailed}</Alert>}
          {(rules.data ?? []).map((rule) => (
            <RuleCard key={rule.id} rule={rule} canEdit={canEdit} onEdit={() => setEdited(rule)} />
          ))}
        </>
      )}
      {edited && <LegalDelayDialog key={edited.id} rule={edited} onClose={() => setEdited(null)} />}
    </Box>
  );
}
