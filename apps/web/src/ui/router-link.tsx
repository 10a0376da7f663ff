import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

/** An MUI text link that navigates with the router (typed `to`, params, search). */
export const RouterLink = createLink(MuiLink);

/** An MUI button that is a router link (an <a>, since it navigates). */
export const RouterButton = createLink(Button);
