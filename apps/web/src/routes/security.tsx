import { LegalPage } from '../features/marketing/legal-page';

export function Component() {
  return (
    <LegalPage
      title="Security"
      updated="January 15, 2024"
      intro={<p>Your leases and agreements are sensitive. Here is how we protect them.</p>}
      sections={[
        {
          heading: 'Encryption',
          body: (
            <p>
              All traffic uses TLS. Documents are stored encrypted at rest and downloaded through short-lived
              signed links.
            </p>
          ),
        },
        {
          heading: 'Isolation',
          body: (
            <p>
              Every record belongs to exactly one team and every query is scoped to it; records of other teams
              are never revealed.
            </p>
          ),
        },
        {
          heading: 'Access control',
          body: (
            <p>
              Roles (observer, manager, admin) limit who can read and change what, and every change is written
              to an audit log.
            </p>
          ),
        },
        {
          heading: 'Accounts',
          body: (
            <p>
              Passwords are hashed with a modern algorithm, sessions are rotated on login and repeated failed
              logins are throttled.
            </p>
          ),
        },
        {
          heading: 'Reporting a vulnerability',
          body: (
            <p>Please write to security@storekeep.app. We acknowledge reports within two business days.</p>
          ),
        },
      ]}
    />
  );
}
