import MyLocationIcon from '@mui/icons-material/MyLocation';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateFr, isInForceOn, type WorksCalendarItem } from '@voirie/domain';
import { RouterLink, visuallyHidden } from '../../../ui';
import { itemName, itemPeriod } from '../model/calendar-map';
import { CALENDAR_TEXTS as T } from '../model/calendar-texts';
import { barPlacement, dayOffset, weekStarts, type CalendarWindow } from '../model/calendar-window';
import { timelineGroups } from '../model/timeline';

interface WorksTimelineProps {
  items: readonly WorksCalendarItem[];
  window: CalendarWindow;
  /** The chosen day: marked on the frieze; its works in force are darker. */
  day: string;
  onLocate: (publicId: string) => void;
}

const BAR_HEIGHT = 18;
const FRIEZE_MIN_WIDTH = 420;
const IN_FORCE = '#000091';
const OTHER = '#6a6af4';

/** The week lines and the chosen day's mark behind a row's bar (decoration: the text says it all). */
function Grid({ mondays, window, day }: { mondays: readonly string[]; window: CalendarWindow; day: string }) {
  const dayIn = day >= window.from && day <= window.to;
  return (
    <>
      {mondays.map((monday) => (
        <Box
          key={monday}
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${dayOffset(monday, window)}%`,
            borderLeft: 1,
            borderColor: 'divider',
          }}
        />
      ))}
      {dayIn && (
        <Box
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${dayOffset(day, window)}%`,
            borderLeft: '2px solid #ce0500',
          }}
        />
      )}
    </>
  );
}

/** One works bar: from its start to its end over the window (cut at the window's edges). */
function Bar({
  item,
  window,
  inForce,
}: {
  item: WorksCalendarItem;
  window: CalendarWindow;
  inForce: boolean;
}) {
  const place = barPlacement(item, window);
  const color = inForce ? IN_FORCE : OTHER;
  return (
    <Box
      title={`${itemName(item)} : ${itemPeriod(item)}`}
      sx={{
        position: 'absolute',
        top: '50%',
        transform: 'translateY(-50%)',
        left: `${place.left}%`,
        width: `max(${place.width}%, 4px)`,
        height: BAR_HEIGHT,
        bgcolor: color,
        borderRadius: `${place.startsBefore ? 0 : 4}px ${place.endsAfter ? 0 : 4}px ${place.endsAfter ? 0 : 4}px ${place.startsBefore ? 0 : 4}px`,
      }}
    />
  );
}

/**
 * The timeline: one table, grouped by town then road, a row per works site — its case
 * number (a link to the request), its period, state and traffic impact in words, then its bar
 * from start to end over the window. The bars and the week grid are drawn for the eye and hidden
 * from assistive technology: the row's text carries the same facts.
 */
export function WorksTimeline({ items, window, day, onLocate }: WorksTimelineProps) {
  const mondays = weekStarts(window);
  const from = formatDateFr(window.from);
  const to = formatDateFr(window.to);
  if (items.length === 0) return <Typography>{T.empty}</Typography>;
  return (
    <Box role="region" aria-label={T.timeline(from, to)} tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 880, tableLayout: 'fixed' }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          {T.timeline(from, to)}
        </caption>
        <colgroup>
          <col style={{ width: 190 }} />
          <col style={{ width: 360 }} />
          <col style={{ minWidth: FRIEZE_MIN_WIDTH }} />
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {T.works}
            </TableCell>
            <TableCell component="th" scope="col">
              {T.period}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ position: 'relative', p: 0, height: 40 }}>
              <Box component="span" sx={visuallyHidden}>
                {T.bars}
              </Box>
              <Box aria-hidden sx={{ position: 'absolute', inset: 0 }}>
                {mondays.map((monday) => (
                  <Typography
                    key={monday}
                    variant="caption"
                    sx={{
                      position: 'absolute',
                      top: 10,
                      left: `calc(${dayOffset(monday, window)}% + 4px)`,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {formatDateFr(monday).slice(0, 5)}
                  </Typography>
                ))}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        {timelineGroups(items).map((town) => (
          <TableBody key={town.town}>
            <TableRow>
              <TableCell component="th" scope="rowgroup" colSpan={3} sx={{ bgcolor: 'action.hover' }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {T.townHeading(town.town, town.count)}
                </Typography>
              </TableCell>
            </TableRow>
            {town.roads.flatMap((road) => [
              <TableRow key={`road-${road.street}`}>
                <TableCell colSpan={3} sx={{ pl: 3, fontStyle: 'italic' }}>
                  {road.street}
                </TableCell>
              </TableRow>,
              ...road.items.map((item) => {
                const inForce = isInForceOn(item, day);
                return (
                  <TableRow key={item.publicId}>
                    <TableCell component="th" scope="row" sx={{ pl: 4 }}>
                      <RouterLink to="/dossiers/$id" params={{ id: item.publicId }}>
                        {itemName(item)}
                      </RouterLink>
                      {inForce && item.geometry && (
                        <Tooltip title={T.locate(itemName(item))}>
                          <IconButton
                            size="small"
                            aria-label={T.locate(itemName(item))}
                            onClick={() => onLocate(item.publicId)}
                            sx={{ ml: 0.5, p: 0.25 }}
                          >
                            <MyLocationIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      <Typography variant="body2" color="text.secondary">
                        {item.nature}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">
                        {item.location} — {itemPeriod(item)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[item.stateName, item.operator?.libelle, item.impact.label]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                      {inForce && (
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {T.inForce}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell aria-hidden sx={{ position: 'relative', p: 0 }}>
                      <Grid mondays={mondays} window={window} day={day} />
                      <Bar item={item} window={window} inForce={inForce} />
                    </TableCell>
                  </TableRow>
                );
              }),
            ])}
          </TableBody>
        ))}
      </Table>
    </Box>
  );
}
