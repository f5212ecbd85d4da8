// The administrator cache tags, in a file of their own so the language switch (in the first
// download) can invalidate them without pulling the admin endpoints into the participant bundle.
export const ADMIN_TAGS = ['AdminTeams', 'AdminTeam', 'AdminClusters', 'AdminUsers', 'AdminUserDetail', 'AdminCohort'] as const
