// Profile calls (docs/product.md#entities: profile master data and update, proposed profile; docs/product.md#calls: User).
import * as t from 'io-ts'
import { ClusterId } from '../shared/ids.js'
import { StatusName } from '../users/status.js'
import { ProfileQuestionAnswer, UserStatusEntry, UserView } from './account.codec.js'
import { EmailAddress, Id, nullable } from './wire.codec.js'

/** POST /api/user/UpdateProfile. The photo travels separately (UpdateProfileImage, multipart). */
export const ProfileUpdateRequest = t.exact(
  t.intersection([
    t.type({
      email: EmailAddress,
      professionalPosition: nullable(t.string),
      company: nullable(t.string),
      countryCodeId: nullable(Id),
      stateOriginalId: nullable(Id),
      city: nullable(t.string),
      languageId: nullable(Id),
      clusterId: nullable(ClusterId),
      profileQuestionAnswer: t.array(ProfileQuestionAnswer),
      isDeletedProfileImage: t.boolean,
    }),
    t.partial({
      /** Never carries image bytes in JSON; kept for the field list of the specification. */
      imageFile: t.null,
      /**
       * 'account': the account page saves only language and program year (the other fields are the
       * questionnaire's profile section and are left as stored); 'full' or absent: the whole profile.
       */
      profileScope: t.keyof({ account: null, full: null }),
    }),
  ]),
  'ProfileUpdateRequest',
)
export type ProfileUpdateRequest = t.TypeOf<typeof ProfileUpdateRequest>

export const FederalStateItem = t.type({ stateName: t.string, stateOriginalId: Id })
export const CountryItem = t.type({ countryName: t.string, countryCodeId: Id })
export const LanguageItem = t.type({ languageName: t.string, languageId: Id })
export const ClusterOption = t.type({ clusterText: t.string, clusterId: ClusterId })
/** A profile question with the side it is asked of ('All': both sides). */
export const ProfileQuestionItem = t.type({
  userQuestionOriginalId: Id,
  userQuestionText: t.string,
  side: t.keyof({ Mentee: null, Mentor: null, All: null }),
})

/** Choices of the profile form, in the requested language. */
export const ProfileMasterData = t.type(
  {
    federalState: t.array(FederalStateItem),
    countryMaster: t.array(CountryItem),
    language: t.array(LanguageItem),
    cluster: t.array(ClusterOption),
    userProfileQuestions: t.array(ProfileQuestionItem),
  },
  'ProfileMasterData',
)
export type ProfileMasterData = t.TypeOf<typeof ProfileMasterData>

/** GET /api/User/GetUserProfile value. */
export const UserProfileResponse = t.type(
  {
    userProfile: UserView,
    userProfileMasterModel: ProfileMasterData,
    userStatuses: t.array(UserStatusEntry),
  },
  'UserProfileResponse',
)
export type UserProfileResponse = t.TypeOf<typeof UserProfileResponse>

/** A question with the user's answer as display text ('-' is the UI's business when empty). */
export const QuestionTextAnswer = t.type({ userQuestionText: t.string, userAnswer: nullable(t.string) }, 'QuestionTextAnswer')
export type QuestionTextAnswer = t.TypeOf<typeof QuestionTextAnswer>

/** GET /api/User/GetProposedUserProfile value: the other side of a proposal. */
export const ProposedProfile = t.type(
  {
    city: nullable(t.string),
    federalState: nullable(t.string),
    country: nullable(t.string),
    language: nullable(t.string),
    gender: nullable(t.string),
    professionalPosition: nullable(t.string),
    company: nullable(t.string),
    /** Shown only when the viewing user's first status is MATCHED (docs/product.md#permissions); null otherwise. */
    email: nullable(t.string),
    firstName: t.string,
    profileImage: nullable(t.string),
    questionnairesQuestionAnswersModel: t.array(QuestionTextAnswer),
    profileQuestionAnswersModel: t.array(QuestionTextAnswer),
  },
  'ProposedProfile',
)
export type ProposedProfile = t.TypeOf<typeof ProposedProfile>

/** Status master item (GET /api/Admin/GetStatusMaster, GET /api/User/GetAllStatus). */
export const StatusMasterItem = t.strict({ id: Id, name: StatusName }, 'StatusMasterItem')
export type StatusMasterItem = t.TypeOf<typeof StatusMasterItem>
