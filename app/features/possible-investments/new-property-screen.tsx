/** The form to add a property by hand; the property's page opens once it is added. */
import { useNavigate } from "@remix-run/react";
import { PropertyForm } from "./property-form";
import { toast } from "~/lib/toast";
import { modulePath, propertyPath } from "~/domain/modules";
import { propertiesApi } from "~/lib/api/workspace";

/** `/possible-investments/new` */
export function NewPropertyScreen() {
  const navigate = useNavigate();
  return (
    <div>
      <h2 className="mb-4 text-2xl font-semibold">Add a property</h2>
      <PropertyForm
        onSave={async (input) => {
          // Never over another property at the same address: that one is opened instead.
          const result = await propertiesApi.import([input], { existing: "skip" });
          const [id] = result.ids;
          if (result.skipped) toast(`${input.address} is already in your list: here it is`);
          if (id) navigate(propertyPath(id));
        }}
        onDone={() => navigate(modulePath("possible-investments"))}
      />
    </div>
  );
}
