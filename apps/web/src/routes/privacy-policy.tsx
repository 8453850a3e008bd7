import { LegalPage } from '../features/marketing/legal-page';

export function Component() {
  return (
    <LegalPage
      title="Privacy policy"
      updated="January 15, 2024"
      intro={
        <p>
          This policy explains what personal data Storekeep processes when you use our web and mobile apps,
          why, and the choices you have.
        </p>
      }
      sections={[
        {
          heading: 'Data we collect',
          body: (
            <>
              <p>Account data: your name, e-mail address, password hash and the teams you belong to.</p>
              <p>
                Business records your team enters: companies, brands, stores, contacts, leases, franchise
                agreements, documents and notes.
              </p>
              <p>
                Technical data: IP address, device and browser type, and an audit log of changes, kept to
                secure the service.
              </p>
            </>
          ),
        },
        {
          heading: 'How we use it',
          body: (
            <p>
              To provide the service, send the reminders and notifications you ask for, bill your
              subscription, prevent abuse and support you. We do not sell personal data and do not use your
              records for advertising.
            </p>
          ),
        },
        {
          heading: 'Sharing',
          body: (
            <p>
              We use a small number of processors (hosting, e-mail delivery, payment processing, maps) under
              data processing agreements. Your team's data is visible only to members of that team.
            </p>
          ),
        },
        {
          heading: 'Retention and your rights',
          body: (
            <p>
              Deleted records stay restorable for 30 days and are then purged. You can access, correct, export
              or delete your data at any time; write to privacy@storekeep.app.
            </p>
          ),
        },
      ]}
    />
  );
}
