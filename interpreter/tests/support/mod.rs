pub mod cases;
