// The participant's profile (docs/api.md): save and read it, the photo (checked by content and
// re-encoded before the use case sees it), the proposed partner's profile and the status list.
import {
  BooleanFromString,
  EmailAddress,
  UserIdFromString,
  ProfileUpdateRequest,
  ProposedProfileQuery,
  UserProfileQuery,
  fail,
  fieldError,
  validatePhotoBytes,
} from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { MAX_IMAGE_BYTES, reencodeImage } from './image.js'
import { answer, defineRoute, json, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

const ImageForm = t.strict({ email: EmailAddress, IsDeleted: t.union([BooleanFromString, t.undefined]) })
const ImageParams = t.strict({ userId: UserIdFromString })

export const userRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/user/UpdateProfile',
    policy: 'self',
    summary: 'save the profile (no image)',
    body: ProfileUpdateRequest,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.user.updateProfile(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/user/GetUserProfile',
    policy: 'self',
    whileConsentsDue: true,
    summary: 'profile, master data and statuses of the caller',
    query: UserProfileQuery,
    owner: (q) => [q.email],
    side: (q) => q.role,
    handle: async ({ actor, query }) => answer(await s.user.profile(actor, query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/UpdateProfileImage',
    policy: 'self',
    multipart: true,
    summary: 'multipart email, imageFile (png/jpeg/gif ≤ 5 MB by content), IsDeleted',
    body: ImageForm,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body, incoming }) => {
      if (body.IsDeleted === true) return answer(await s.user.updateImage(actor, null))
      const file = incoming.file
      if (file === null) return json(400, fail('ValidationFailed', [fieldError('imageFile', 'requiredFieldError')]))
      if (file.bytes.length > MAX_IMAGE_BYTES) return json(413, fail('InvalidProfileImage'))
      const refused = validatePhotoBytes(file.bytes)
      const image = refused.length > 0 ? null : await reencodeImage(file.bytes)
      if (image === null)
        return json(400, fail('ValidationFailed', refused.length > 0 ? refused : [fieldError('imageFile', 'invalid-profile-image')]))
      return answer(await s.user.updateImage(actor, image))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/User/ProfileImage/:userId',
    policy: 'self',
    summary: 'a photo, for its owner, a tandem partner or an admin',
    produces: 'image',
    handle: async ({ actor, incoming }) => {
      const params = ImageParams.decode(incoming.params)
      if (isLeft(params)) return json(404, fail('NotFound'))
      const result = await s.user.image(actor, params.right.userId)
      if (isLeft(result)) return answer(result)
      if (result.right === null) return json(404, fail('NotFound'))
      return { kind: 'bytes', status: 200, contentType: result.right.mime, bytes: result.right.bytes }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/User/GetProposedUserProfile',
    policy: 'self',
    summary: 'the other side of the best current proposal',
    query: ProposedProfileQuery,
    owner: (q) => [q.email],
    side: (q) => q.role,
    handle: async ({ actor, query }) => answer(await s.user.proposedProfile(actor, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/User/GetAllStatus',
    policy: 'self',
    summary: 'the status master list',
    handle: async () => answer(await s.user.allStatuses()),
  }),
]
