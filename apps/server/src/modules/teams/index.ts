// The teams module as other modules use it: personal teams, invitations and each team's calendar.
export {
  acceptInvitation,
  createPersonalTeam,
  isValidInvitationSignature,
  previewInvitation,
} from './service';
export {
  RECOMPUTE_CRITICAL_DATES,
  teamCalendar,
  teamSettings,
  teamToday,
  type AccountingReadings,
  type TeamCalendar,
} from './settings';
// The demo seed names its team; members rename theirs through the service.
export { renameTeam as setTeamName } from './repository';
