import { linkTypes } from '@cimiento/domain';
import type { LinkType } from '@cimiento/domain';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type LinkMenuTarget = { x: number; y: number; from: number; to: number; type: LinkType; label: string };

type GanttLinkMenuProps = {
  target: LinkMenuTarget | null;
  onClose: () => void;
  onRemove: (from: number, to: number) => void;
  onChangeType: (from: number, to: number, type: LinkType) => void;
};

/** A link's context menu (issue 12): 'Eliminar vínculo', and its type changed in place. */
export function GanttLinkMenu({ target: openTarget, onClose, onRemove, onChangeType }: GanttLinkMenuProps) {
  const { t } = useTranslation();
  // the link stays named while the menu fades out
  const [lastTarget, setLastTarget] = useState(openTarget);
  if (openTarget && openTarget !== lastTarget) setLastTarget(openTarget);
  const target = openTarget ?? lastTarget;
  return (
    <Menu
      open={openTarget !== null}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={target ? { top: target.y, left: target.x } : undefined}
      slotProps={{ list: { 'aria-label': target ? t('gantt.linkMenu', { link: target.label }) : undefined } }}
    >
      {target && <ListSubheader sx={{ lineHeight: '32px' }}>{target.label}</ListSubheader>}
      <MenuItem
        onClick={() => {
          if (openTarget) onRemove(openTarget.from, openTarget.to);
          onClose();
        }}
      >
        <ListItemIcon>
          <DeleteOutlineIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('gantt.removeLink')}</ListItemText>
      </MenuItem>
      <Divider />
      {linkTypes.map((type) => (
        <MenuItem
          key={type}
          disabled={target?.type === type}
          onClick={() => {
            if (openTarget) onChangeType(openTarget.from, openTarget.to, type);
            onClose();
          }}
        >
          <ListItemIcon>{target?.type === type && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`gantt.linkTypes.${type}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
