export { CommentBox, type CommentTexts } from './CommentBox';
export { type CommentItem, CommentList } from './CommentList';
export { CommentThread } from './CommentThread';
