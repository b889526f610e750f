import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ToolButtonProps = {
  /** the button's accessible name */
  label: string;
  /** the key that does the same in the grid, shown in the tooltip */
  keys?: string;
  icon: ReactElement;
  /** issue 32: the tooltip, when it says more than the name (the step 'Deshacer' takes back) */
  title?: string;
  color?: 'primary' | 'success' | 'error';
  disabled?: boolean;
  onClick: () => void;
};

/**
 * A secondary action of the Gantt's toolbar (issue 12): an icon, its name in a tooltip (with its
 * key in the grid, as MS Project shows it) and as its accessible name.
 */
export function ToolButton({
  label,
  keys,
  icon,
  title,
  color = 'primary',
  disabled = false,
  onClick,
}: ToolButtonProps) {
  const { t } = useTranslation();
  const name = title ?? label;
  return (
    <Tooltip title={keys ? t('gantt.withKeys', { action: name, keys }) : name} describeChild>
      {/* a disabled button takes no pointer events: the tooltip listens on the span around it */}
      <Box component="span" sx={{ display: 'inline-flex' }}>
        <IconButton size="small" aria-label={label} color={color} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
      </Box>
    </Tooltip>
  );
}

/** A ribbon group: its controls side by side, never split across rows; `isEnd` puts it at the right. */
export function ToolGroup({ isEnd = false, children }: { isEnd?: boolean; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0, ...(isEnd && { ml: 'auto' }) }}>
      {children}
    </Stack>
  );
}
