import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type TeamDetail, type TeamMember } from '@storekeep/contracts';
import { FilterPicker, RelativeTime, type PickerOption } from '../../components/ui';
import { can } from '../auth/permissions';
import { usePickerLabels } from '../records/list-filters';
import { useRecordList } from '../records/queries';
import { useSetMemberCompanies } from './use-team';

/** The team's franchisee companies, which a member or invitation can be limited to. */
export function useFranchiseeOptions(enabled: boolean): PickerOption[] {
  const companies = useRecordList(
    'companies',
    { filters: { kind: ['franchisee'] }, per_page: 100, sort: 'name', direction: 'asc' },
    enabled,
  );
  return (companies.data?.data ?? []).map((company) => ({ value: String(company.id), label: company.name }));
}

type PickerProps = {
  label: string;
  options: PickerOption[];
  selected: string[];
  onChange: (ids: string[]) => void;
};

/** Picks the franchisee companies a member is limited to; none selected is the whole team. */
export function CompanyScopePicker({ label, options, selected, onChange }: PickerProps) {
  return (
    <FilterPicker
      label={label}
      options={options}
      selected={selected}
      onChange={onChange}
      labels={usePickerLabels()}
    />
  );
}

/**
 * What a member sees: the whole team, or their franchisee companies with when each last entered sales (the
 * franchisor's check on who reported). Admins change it for managers and observers.
 */
export function MemberAccess({
  team,
  member,
  options,
}: {
  team: TeamDetail;
  member: TeamMember;
  options: PickerOption[];
}) {
  const { t } = useTranslation();
  const save = useSetMemberCompanies(team.id);
  const editable = can(team.abilities, 'change_roles') && !member.is_owner && member.role !== 'admin';
  const selected = (member.companies ?? []).map((company) => String(company.id));
  return (
    <div className="flex flex-col gap-1">
      {member.companies === null ? (
        <span className="text-gray-500 dark:text-gray-400">{t('team.companies.wholeTeam')}</span>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {member.companies.map((company) => (
            <li key={company.id}>
              <span className="font-medium text-gray-900 dark:text-white">{company.name}</span>{' '}
              <span className="text-xs text-gray-500 dark:text-gray-400">
                {company.last_reported_at ? (
                  <>
                    {t('team.companies.lastReported')} <RelativeTime value={company.last_reported_at} />
                  </>
                ) : (
                  t('team.companies.neverReported')
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <CompanyScopePicker
          label={t('team.companies.limitOf', { name: member.name })}
          options={options}
          selected={selected}
          onChange={(ids) =>
            save.mutate(
              { member, company_ids: ids.length ? ids.map(Number) : null },
              {
                onSuccess: () =>
                  toast.success(
                    ids.length
                      ? t('team.companies.limited', { name: member.name, count: ids.length })
                      : t('team.companies.unlimited', { name: member.name }),
                    { duration: TOAST_TIMEOUT_MS },
                  ),
              },
            )
          }
        />
      )}
    </div>
  );
}
