import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { LIST_TABS, type ListTabId } from '@voirie/domain';
import { useState } from 'react';
import type { TabCounts } from '../api/requests-list-api';
import { LegendDialog } from './legend-dialog';

export const TAB_ID_PREFIX = 'requests-tab-';
export const TAB_PANEL_ID = 'requests-tab-panel';

/** The status tabs with their counts (admin, instructor) and the legend button. */
export function StatusTabs(props: {
  value: ListTabId;
  counts: TabCounts | undefined;
  onChange: (tab: ListTabId) => void;
}) {
  const [isLegendOpen, setLegendOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={props.value}
        onChange={(_event, tab: ListTabId) => props.onChange(tab)}
        aria-label="Statut des demandes"
        variant="scrollable"
        scrollButtons="auto"
        sx={{ flex: 1 }}
      >
        {LIST_TABS.map((tab) => {
          const count = props.counts?.[tab.key];
          return (
            <Tab
              key={tab.id}
              value={tab.id}
              id={`${TAB_ID_PREFIX}${tab.id}`}
              aria-controls={TAB_PANEL_ID}
              label={count === undefined ? tab.label : `${tab.label} (${count})`}
            />
          );
        })}
      </Tabs>
      <Button onClick={() => setLegendOpen(true)} aria-haspopup="dialog">
        Légende
      </Button>
      <LegendDialog open={isLegendOpen} onClose={() => setLegendOpen(false)} />
    </Box>
  );
}
