import { Trash2 } from "lucide-react";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/form";
import {
  draftOf,
  REMINDER_CHOICES,
  withStart,
  type EventFormValues,
} from "~/domain/calendar/event-form";
import { EVENT_KINDS, type CalendarEvent } from "~/domain/calendar/event-terms";
import type { EventInput } from "~/domain/calendar/events";
import { useForm } from "~/lib/use-form";
import { FormActions, options } from "../shared";
import { GoogleEventLink } from "./event-details";

/**
 * Create or edit an event, checked with the API's own rules. The calendar is chosen when the
 * event is made: the API does not move an event from one calendar to another.
 */
export function EventForm(props: {
  initial: EventFormValues;
  /** The event being edited; none when creating. */
  event?: CalendarEvent;
  /** The calendars an event can be written to. */
  calendars: readonly { value: string; label: string }[];
  timeZone: string;
  onSave: (input: EventInput) => Promise<unknown>;
  onDone: () => void;
  onDelete?: () => void;
}) {
  const form = useForm({
    schema: () => import("~/domain/calendar/events").then((m) => m.EventInputSchema),
    initial: props.initial,
    idPrefix: "event",
    toInput: (values) => draftOf(values, props.timeZone, props.event),
    onSubmit: props.onSave,
    onDone: props.onDone,
  });
  const allDay = form.values.allDay === "true";
  // The end follows the start, so the event keeps its length.
  const startField = (name: "start" | "startTime") => ({
    ...form.field(name),
    onChange: (value: string) => form.setValues((current) => withStart(current, { [name]: value })),
  });
  const calendarName =
    props.calendars.find((calendar) => calendar.value === form.values.calendarId)?.label ??
    form.values.calendarId;

  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="space-y-4">
      <TextField
        {...form.field("summary")}
        label="Title"
        placeholder="e.g. Sheriff sale, Montgomery County"
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...form.field("kind")} label="Kind" options={options(EVENT_KINDS)} />
        {props.event ? (
          <div>
            <p className="mb-1.5 text-sm font-medium">Calendar</p>
            <p className="py-2.5">{calendarName}</p>
          </div>
        ) : (
          <SelectField {...form.field("calendarId")} label="Calendar" options={props.calendars} />
        )}
      </div>
      <CheckboxField {...form.field("allDay")} label="All day" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...startField("start")} label="Start date" type="date" />
        {!allDay && <TextField {...startField("startTime")} label="Start time" type="time" />}
        <TextField {...form.field("end")} label="End date" type="date" />
        {!allDay && <TextField {...form.field("endTime")} label="End time" type="time" />}
      </div>
      <SelectField
        {...form.field("reminder")}
        label="Reminder"
        options={REMINDER_CHOICES.map((choice) => ({
          value: String(choice.minutes ?? ""),
          label: choice.label,
        }))}
      />
      <TextField {...form.field("location")} label="Location" required={false} />
      <TextAreaField {...form.field("description")} label="Description" rows={3} />
      {props.event && <GoogleEventLink event={props.event} />}
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel={props.event ? "Save changes" : "Create event"}
        onCancel={props.onDone}
        secondary={
          props.onDelete && (
            <button type="button" onClick={props.onDelete} className="btn-secondary">
              <Trash2 aria-hidden className="size-4" /> Delete
            </button>
          )
        }
      />
    </form>
  );
}
