import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';

export interface TabNavItem {
  id: string;
  label: string;
  to: string;
}

/** Tab navigation of the seller spec: each tab has id, label and link; exactly one is marked selected. */
export function TabNav({
  tabs,
  selected,
  label,
  orientation = 'horizontal',
}: {
  tabs: readonly TabNavItem[];
  selected: string;
  label: string;
  orientation?: 'horizontal' | 'vertical';
}) {
  return (
    <Tabs
      component="nav"
      value={tabs.some((tab) => tab.id === selected) ? selected : false}
      aria-label={label}
      orientation={orientation}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={orientation === 'vertical' ? { borderRight: 1, borderColor: 'divider' } : { borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.id}
          value={tab.id}
          label={tab.label}
          component={RouterLink}
          to={tab.to}
          aria-current={tab.id === selected ? 'page' : undefined}
          sx={orientation === 'vertical' ? { alignItems: 'flex-start' } : undefined}
        />
      ))}
    </Tabs>
  );
}
