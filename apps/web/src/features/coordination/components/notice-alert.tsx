import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** What a form of the page answered: one line, or a summary and the lines it lists. */
export type Notice = { severity: 'success' | 'error'; lines: readonly string[] } | null;

/** A notice read out when it appears: an error as an alert, a success as a status. */
export function NoticeAlert({ notice }: { notice: Notice }) {
  if (!notice) return null;
  const [summary, ...listed] = notice.lines;
  return (
    <Alert
      severity={notice.severity}
      role={notice.severity === 'error' ? 'alert' : 'status'}
      sx={{ whiteSpace: 'pre-line' }}
    >
      {summary}
      {listed.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {listed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
