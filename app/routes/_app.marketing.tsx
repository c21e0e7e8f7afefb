/** Marketing: its header and tabs around the page of the path (a tab's list, or a record). */
import { MarketingLayout } from "~/features/marketing/marketing";

export default MarketingLayout;
