export { type CommentItem, CommentList } from './CommentList';
export { CommentBox, type CommentTexts } from './CommentBox';
