import type { Series } from '@rangsi/contract';
import List from '@mui/material/List';
import { SeriesListItem } from './series-list-item';

interface SeriesListProps {
  series: Series[];
  selected: number;
  onSelect: (index: number) => void;
}

/** Spec §2: the series list on the left of the viewer. */
export function SeriesList({ series, selected, onSelect }: SeriesListProps) {
  return (
    <List
      dense
      disablePadding
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, p: 0.5 }}
      data-testid="series-list"
    >
      {series.map((s, i) => (
        <SeriesListItem
          key={`${s.seriesId}/${s.imageOrientationPatient ?? ''}`}
          series={s}
          selected={i === selected}
          onSelect={() => onSelect(i)}
        />
      ))}
    </List>
  );
}
