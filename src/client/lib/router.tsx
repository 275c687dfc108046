/**
 * The routing primitives the app uses, in one place, so pages and features depend on this module
 * rather than on the router library directly.
 */
export { Link, NavLink, Route, Routes, useLocation, useNavigate, useSearchParams } from "react-router";
