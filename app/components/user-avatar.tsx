import { Avatar, type AvatarProps } from '@mantine/core'

/** A photo, or the first letter of the name (spec 000 §2), or 'N'. */
export function UserAvatar({
  name,
  src,
  ...props
}: { name?: string | null; src?: string | null } & Omit<AvatarProps, 'src' | 'name'>) {
  const initial = (name?.trim()[0] ?? 'N').toUpperCase()
  return (
    <Avatar src={src || null} alt={name ?? ''} color="night" {...props}>
      {initial}
    </Avatar>
  )
}
