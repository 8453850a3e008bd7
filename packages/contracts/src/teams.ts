import { z } from 'zod';
import { TEAM_ROLES } from './enums';
import { abilitiesSchema } from './common';
import { emailField, oneOf, requiredString } from './validation';

/**
 * The companies a member or invitee is limited to (a franchisee's people): null is the whole team. A limited
 * member sees only those companies' records and none of the team's own pages.
 */
export const memberCompanyIdsSchema = z
  .array(z.coerce.number().int().positive(), { error: 'The companies must be a list of companies.' })
  .min(1, { error: 'Choose at least one company, or none to give the whole team.' })
  .max(50, { error: 'A member can be limited to at most 50 companies.' })
  .nullable();

/** A company a limited member acts for, and when its stores' sales were last entered or corrected. */
export const memberCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_reported_at: z.string().nullable(),
});

export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  is_owner: z.boolean(),
  joined_at: z.string(),
  /** Null: the whole team. Shown to those who manage the team only (others get null). */
  companies: z.array(memberCompanySchema).nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  company_ids: z.array(z.number().int()).nullable(),
  created_at: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** The team page: the team, its members and pending invitations, with what the caller may do. */
export const teamDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_id: z.number().int(),
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  abilities: abilitiesSchema,
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const renameTeamSchema = z.object({ name: requiredString('name', 255) });
export type RenameTeamInput = z.input<typeof renameTeamSchema>;

export const inviteMemberSchema = z.object({
  email: emailField('email'),
  role: oneOf(TEAM_ROLES, 'role'),
  company_ids: memberCompanyIdsSchema.optional(),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

/** A member's role, and optionally the companies they are limited to (absent: unchanged). */
export const changeRoleSchema = z.object({
  role: oneOf(TEAM_ROLES, 'role'),
  company_ids: memberCompanyIdsSchema.optional(),
});
export type ChangeRoleInput = z.input<typeof changeRoleSchema>;

/** What the join/register pages show about an invitation before the visitor acts on it. */
export const invitationPreviewSchema = z.object({
  id: z.string(),
  team_name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  /** Who sent the invitation (null when that account is gone). Whether the address has an account is never said. */
  invited_by: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
