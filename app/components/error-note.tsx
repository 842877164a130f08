// What went wrong with a form or a read, said where it happened: Mantine's light red Alert, its
// text dark enough for AA contrast, announced to screen readers (role="alert").
import { Alert, type AlertProps } from "@mantine/core";

export function ErrorNote(
  props: Omit<AlertProps, "color" | "variant" | "c" | "role">
) {
  return (
    <Alert color="red" variant="light" c="dark.8" role="alert" {...props} />
  );
}
