import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { createLink } from '@tanstack/react-router';
import { REQUEST_KIND_LABELS, REQUEST_KINDS } from '@voirie/domain';
import { useId, useState } from 'react';

const MenuItemLink = createLink(MenuItem);

/**
 * 'Nouvelle demande': the three forms (docs/screens.md "Request list"), as links to
 * /ajoutdossier/{1,2,3}.
 */
export function NewRequestMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  return (
    <>
      <Button
        id={buttonId}
        variant="contained"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Nouvelle demande
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {REQUEST_KINDS.map((kind) => (
          <MenuItemLink
            key={kind}
            to="/ajoutdossier/$choixForm"
            params={{ choixForm: String(kind) }}
            onClick={() => setAnchor(null)}
          >
            {REQUEST_KIND_LABELS[kind]}
          </MenuItemLink>
        ))}
      </Menu>
    </>
  );
}
