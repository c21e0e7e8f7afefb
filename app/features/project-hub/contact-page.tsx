/**
 * A contact's page (/project-hub/contacts/:contactId), as its route's loader read it: every phone
 * and e-mail with its kind, the flags a list set, where to write to them, the properties they own
 * and the projects they are on.
 */
import { Link } from "@remix-run/react";
import { ContactFlagBadges, ContactMethodList } from "~/components/contact-methods";
import { Badge } from "~/components/ui";
import { formatAddress, formatMoney } from "~/domain/format";
import { modulePath, projectPath, propertyPath } from "~/domain/modules";
import { contactName, label } from "~/domain/workspace";
import type { ContactDetail, Property } from "~/lib/api/workspace";
import { FilesPanel, type RecordFiles } from "../files/files-panel";
import { DeleteRecord } from "~/components/delete-record";
import { HistoryPanel } from "~/components/history-panel";
import type { RecordHistory } from "~/lib/record-history";
import { BackLink } from "../shared";

export function ContactPage(props: {
  contact: ContactDetail;
  owned: Property[];
  files: RecordFiles;
  history: RecordHistory;
}) {
  const { contact: detail, owned } = props;
  const c = detail;
  const mailing = formatAddress({
    address: c.mailingAddress,
    city: c.mailingCity,
    state: c.mailingState,
    zip: c.mailingZip,
  });
  return (
    <article className="max-w-3xl space-y-4 text-sm">
      <BackLink to={modulePath("project-hub", { tab: "contacts" })}>All contacts</BackLink>
      <h2 className="text-xl font-semibold">{contactName(c)}</h2>
      <div className="flex flex-wrap gap-1.5">
        <Badge>{label(c.type)}</Badge>
        <ContactFlagBadges person={c} />
      </div>
      <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-2">
        {c.company && (
          <>
            <dt className="text-muted">Company</dt>
            <dd>{c.company}</dd>
          </>
        )}
        {c.address && (
          <>
            <dt className="text-muted">Address</dt>
            <dd>{c.address}</dd>
          </>
        )}
        {mailing && (
          <>
            <dt className="text-muted">Mailing</dt>
            <dd>{mailing}</dd>
          </>
        )}
        <dt className="text-muted">Reach</dt>
        <dd>
          <ContactMethodList person={c} />
          {!c.phone && !c.email && !c.phones.length && !c.emails.length && (
            <span className="text-muted">No phone or e-mail yet</span>
          )}
        </dd>
      </dl>
      {c.notes && <p className="whitespace-pre-wrap text-muted">{c.notes}</p>}
      {owned.length > 0 && (
        <section aria-label="Properties they own">
          <h3 className="mb-2 font-medium">Properties they own</h3>
          <ul className="divide-y divide-line">
            {owned.map((property) => (
              <li key={property.id} className="py-2">
                <Link to={propertyPath(property.id)} className="font-medium hover:text-accent">
                  {property.address}
                </Link>
                <span className="ml-2 text-muted">
                  {[property.city, property.estimatedValue && formatMoney(property.estimatedValue)]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Linked projects">
        <h3 className="mb-2 font-medium">Projects</h3>
        {detail.projects.length === 0 ? (
          <p className="text-muted">Not linked to a project yet: link it from a project's page.</p>
        ) : (
          <ul className="divide-y divide-line">
            {detail.projects.map((project) => (
              <li key={project.id} className="py-2">
                <Link to={projectPath(project.id)} className="font-medium hover:text-accent">
                  {project.name}
                </Link>
                <span className="ml-2 text-muted">{label(project.status)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FilesPanel ownerType="contact" ownerId={c.id} files={props.files} />
      <HistoryPanel history={props.history} className="mt-6" />
      <DeleteRecord
        summary="Delete this contact…"
        consequence={<>“{contactName(c)}” will be deleted and unlinked from its projects.</>}
        confirmLabel="Delete contact"
        version={c.updatedAt}
        className="mt-6"
      />
    </article>
  );
}
