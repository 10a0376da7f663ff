import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { initialsOf, type ConnectedUser } from '@voirie/domain';

/** Who is signed in: picture or initials, last and first name, e-mail. */
export function SidebarUser({ user }: { user: ConnectedUser }) {
  const fullName = [user.lastName, user.firstName].filter(Boolean).join(' ');
  return (
    <Box
      component="section"
      aria-label="Utilisateur connecté"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}
    >
      {/* Decorative: the name beside it says who this is. */}
      <Avatar src={user.picture ?? undefined} alt="" aria-hidden="true" sx={{ bgcolor: 'primary.main' }}>
        {initialsOf(user)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        {fullName && (
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {fullName}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      </Box>
    </Box>
  );
}
