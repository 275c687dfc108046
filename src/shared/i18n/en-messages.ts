/**
 * English messages of forms, tools and the API: validation messages (the zod schemas' keys), the
 * font tool's refusals and the API's errors. The server holds them; a page loads them only where a
 * form or tool can show them (src/client/i18n/catalog-messages.ts), so the frame stays small.
 */
export const enMessages = {
  fontAnalysis: {
    image: {
      required: "Choose an image to analyse.",
      invalid: "Send the image as a data URL (data:image/...;base64,...).",
      type: "Choose an image file (PNG, JPEG or WebP).",
    },
    box: {
      invalid: "The selected area needs a position and a width and height above zero.",
    },
    errors: {
      tooLarge: "The image is larger than 10 MB. Choose a smaller image.",
      unsupportedType: "Only PNG, JPEG and WebP images can be analysed.",
      dimensions:
        "The image is too large to analyse ({width} × {height} pixels). Use an image of at most {max} pixels on each side.",
      pixels:
        "The image has too many pixels to analyse ({width} × {height}, {megapixels} megapixels). Use an image of at most {max} megapixels, or crop it to the text.",
      unreadable: "The image is damaged or cannot be read.",
      noText: "No text was found in the image. Try a sharper image, or draw a box around the text.",
      invalidBox:
        "The selected area is outside the image or too small. Select the text again, or analyse the whole image.",
      busy: "The font recognizer is busy right now. Please try again in a few seconds.",
      rateLimited: "Too many analyses in a short time. Please wait a minute and try again.",
      unavailable: "Font recognition is not available right now. Please try again later.",
      invalidRequest: "The request is not valid.",
    },
  },
  leads: {
    kind: { invalid: "Choose a contact message or a service request." },
    service: { invalid: "Please choose one of the studio's services." },
    name: { required: "Name is required", max: "Name must be at most 100 characters" },
    email: { invalid: "Please enter a valid email address", max: "Email must be at most 254 characters" },
    message: { min: "Message must be at least 10 characters", max: "Message must be at most 5,000 characters" },
    firmName: { required: "Firm name is required", max: "Firm name must be at most 150 characters" },
    contactNumber: { required: "Contact number is required", max: "Contact number must be at most 40 characters" },
    serviceName: { required: "Service selection is required", max: "Service name must be at most 200 characters" },
    phone: { required: "Phone number is required", max: "Phone number must be at most 40 characters" },
    company: { max: "Company name must be at most 150 characters" },
    productInterest: { required: "Please select a product" },
    projectType: { required: "Please select project type" },
    quantity: { required: "Please specify quantity", max: "Quantity must be at most 100 characters" },
    budget: { required: "Please select budget range" },
    timeline: { required: "Please select timeline" },
    customRequirements: {
      min: "Please describe your requirements (minimum 10 characters)",
      max: "Requirements must be at most 4,000 characters",
    },
    additionalNotes: { max: "Additional notes must be at most 2,000 characters" },
    rateLimited: "You have sent several messages in a short time. Please wait a minute and try again.",
    tooLarge: "Your message is too long to send. Please shorten it and try again.",
  },
  auth: {
    email: { invalid: "Invalid email address", max: "Email must be at most 254 characters" },
    password: {
      min: "Password must be at least 6 characters",
      max: "Password must be at most 256 characters",
    },
    firstName: {
      min: "First name must be at least 2 characters",
      max: "First name must be at most 100 characters",
    },
    lastName: {
      min: "Last name must be at least 2 characters",
      max: "Last name must be at most 100 characters",
    },
    country: { required: "Country is required", max: "Country must be at most 100 characters" },
    phone: { max: "Phone number must be at most 40 characters" },
    confirmPassword: { min: "Please confirm your password", mismatch: "Passwords don't match" },
    token: { invalid: "This link is not valid." },
    signedIn: "Signed in successfully",
    signedUp: "Account created successfully",
    signedOut: "You have been signed out.",
    signInFailed: "Sign in failed",
    signUpFailed: "Sign up failed",
    invalidCredentials: "The email or password is incorrect.",
    emailTaken: "An account with this email already exists. Sign in, or reset your password if you have forgotten it.",
    tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
    tooManySignUps: "Too many accounts created from this connection. Please try again later.",
    tooManyRequests: "Too many requests in a short time. Please wait a few minutes and try again.",
    invalidToken: "This link is invalid, has already been used or has expired. Please request a new one.",
    verificationSent: "We have sent a verification link to your email.",
    emailVerified: "Your email address is verified.",
    alreadyVerified: "Your email address is already verified.",
    resetSent:
      "If an account exists for this email, we have sent it a link to reset the password. The link is valid for 30 minutes.",
    busy: "Many people are signing in right now. Please try again in a moment.",
    passwordReset: "Your password has been changed. Sign in with your new password.",
  },
  account: {
    update: { empty: "Change at least one field." },
    currentPassword: { required: "Enter your current password", incorrect: "Your current password is incorrect." },
    wishlist: {
      invalid: "This product is not in the catalog.",
      tooMany: "A wishlist holds at most 100 products.",
    },
    updated: "Your details have been saved.",
    passwordChanged: "Your password has been changed. Your other devices have been signed out.",
    signedOutEverywhere: "You have been signed out on every device.",
  },
  errors: {
    network: "We could not reach the studio's server. Check your connection and try again.",
    generic: "Something went wrong. Please try again.",
    invalidRequest: "Some fields need your attention.",
    required: "This field is required.",
    invalidValue: "This value is not valid.",
    unknownField: "This field is not accepted here.",
    invalidJson: "The request body is not valid JSON.",
    tooDeep: "The request body is nested too deeply.",
    payloadTooLarge: "The request is too large.",
    unsupportedMediaType: "Send the request as JSON (Content-Type: application/json).",
    badRequest: "The request could not be understood.",
    rateLimited: "Too many requests in a short time. Please wait a moment and try again.",
    notFound: "Nothing was found at this address.",
    noApiRoute: "No API route for {method} {path}.",
    notFoundImage: "No image or video has this name.",
    notFoundFont: "No font family has this id.",
    unauthorized: "Please sign in to continue.",
    forbidden: "You do not have access to this.",
    forbiddenOrigin: "Requests from another site are not accepted.",
    badUrl: "The address of the request is not a valid URL.",
    uriTooLong: "The address of the request is too long.",
    requestTimeout: "The request took too long to arrive.",
    headersTooLarge: "The request headers are too large.",
    unavailable: "This service is not available right now. Please try again shortly.",
    internal: "Something went wrong on our side. Please try again.",
  },
} as const;

export type EnglishMessages = typeof enMessages;
