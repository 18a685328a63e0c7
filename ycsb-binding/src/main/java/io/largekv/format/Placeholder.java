package io.largekv.format;
final class Placeholder {}
