/** Project Hub: its header and tabs around the page of the path (a tab's list, or a record). */
import { ProjectHubLayout } from "~/features/project-hub/project-hub";

export default ProjectHubLayout;
