import { LegalPage } from '../features/marketing/legal-page';

export function Component() {
  return (
    <LegalPage
      title="Terms of service"
      updated="January 15, 2024"
      intro={
        <p>
          These terms govern your use of Storekeep. By creating an account you agree to them on behalf of
          yourself and your team.
        </p>
      }
      sections={[
        {
          heading: 'Your account',
          body: (
            <p>
              Keep your credentials confidential. Team owners are responsible for who they invite and which
              role each member has.
            </p>
          ),
        },
        {
          heading: 'Your data',
          body: (
            <p>
              You own the records and documents you upload. You grant us only the rights needed to host and
              process them to run the service for you.
            </p>
          ),
        },
        {
          heading: 'Reminders are an aid',
          body: (
            <p>
              Storekeep helps you track critical dates, but the dates come from what you enter. Always confirm
              notice periods and deadlines against the signed contract.
            </p>
          ),
        },
        {
          heading: 'Subscriptions',
          body: (
            <p>
              Plans are billed monthly in US dollars. You may cancel at any time; access continues until the
              end of the paid period.
            </p>
          ),
        },
        {
          heading: 'Acceptable use',
          body: (
            <p>Do not misuse the service, attempt to access other teams' data, or upload unlawful content.</p>
          ),
        },
      ]}
    />
  );
}
