import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import { createLink } from '@tanstack/react-router';

function ListItemAnchor(props: ListItemButtonProps<'a'>) {
  return <ListItemButton component="a" {...props} />;
}

/** A sidebar row that navigates with the router; the router marks the current page with aria-current. */
export const SidebarLink = createLink(ListItemAnchor);
